/**
 * Tracking stages of a filing (spec 02 §2 'Credit tracking', §3 'Credit filing'): every
 * application has the three stages documentos, banco and desembolso from the moment it is filed,
 * and their statuses follow the application's status. Pure: shared by the server (creation, status
 * changes, the migration's test) and the device (the stage-update mutation's schema).
 */
import * as v from 'valibot';
import { ESTADOS_DEFAULT, normalizeEstado } from './estados';

export const ETAPAS = ['documentos', 'banco', 'desembolso'] as const;

/**
 * Statuses that close a filing for documents: denied, withdrawn, paid off. The tracking page then
 * offers no upload and the server refuses one, saying why; any other status (a company's own too)
 * takes documents.
 */
export const ESTADOS_CERRADOS = ['Negado', 'Desistido', 'Pagado'] as const;

export const recibeDocumentos = (estado: string | null | undefined) =>
  !(ESTADOS_CERRADOS as readonly string[]).includes(normalizeEstado(estado, ESTADOS_DEFAULT));

export const solicitudCerrada = (estado: string | null | undefined) =>
  `Esta solicitud está cerrada (${normalizeEstado(estado, ESTADOS_DEFAULT)}): ya no recibe documentos. Si necesitas enviar algo, comunícate con la entidad que la atiende.`;

/**
 * The page's line without a connection: files wait for it only where a filing on screen takes
 * them; with none on screen (`estado` undefined) it is the search that waits.
 */
export function avisoSinConexion(estado: string | undefined): string {
  if (estado === undefined) return 'Sin conexión. Podrá consultar su radicado cuando vuelva la conexión.';
  return recibeDocumentos(estado)
    ? 'Sin conexión. Los archivos que elija se enviarán cuando vuelva la conexión.'
    : 'Sin conexión. Se muestra la última consulta guardada en este dispositivo.';
}
export type Etapa = (typeof ETAPAS)[number];

export const ETAPA_LABELS: Record<Etapa, string> = {
  documentos: 'Documentos',
  banco: 'Banco',
  desembolso: 'Desembolso',
};

type Flow = Record<Etapa, string>;
const flow = (documentos: string, banco: string, desembolso: string): Flow => ({ documentos, banco, desembolso });

/**
 * The stage statuses each application status implies. Read as the filing's progress: documents are
 * reviewed first, then the bank studies the credit, then it is disbursed (and paid).
 * - Pendiente: nothing has started;
 * - En estudio: documents accepted, the bank is studying it;
 * - Pendiente información adicional: documents are missing, nothing further moves;
 * - Aprobado: documents and bank done, disbursement pending;
 * - Desembolsado / Pagado: the last stage carries that status;
 * - Negado: the bank said no, so there is no disbursement either;
 * - Desistido: the applicant withdrew: every stage is closed as such.
 * A company status outside the eight defaults (e.g. 'Radicado en banco') implies nothing: the
 * stages keep their statuses, and staff set them by hand.
 */
const FLOWS: Record<(typeof ESTADOS_DEFAULT)[number], Flow> = {
  Pendiente: flow('Pendiente', 'Pendiente', 'Pendiente'),
  'En estudio': flow('Aprobado', 'En estudio', 'Pendiente'),
  'Pendiente información adicional': flow('Pendiente información adicional', 'Pendiente', 'Pendiente'),
  Aprobado: flow('Aprobado', 'Aprobado', 'Pendiente'),
  Desembolsado: flow('Aprobado', 'Aprobado', 'Desembolsado'),
  Pagado: flow('Aprobado', 'Aprobado', 'Pagado'),
  Negado: flow('Aprobado', 'Negado', 'Negado'),
  Desistido: flow('Desistido', 'Desistido', 'Desistido'),
};

/** The stage statuses for an application status, or null when the status implies none. */
export function etapasParaEstado(estado: unknown): Flow | null {
  const normal = normalizeEstado(estado, ESTADOS_DEFAULT);
  return (FLOWS as Record<string, Flow>)[normal] ?? null;
}

/** The whole mapping, for the migration test (the SQL repeats it for filings made before). */
export const STAGE_FLOWS: Readonly<Record<string, Flow>> = FLOWS;

/** The history comment of a stage moved by an application status change. */
export const comentarioPorEstado = (estado: string) => `Estado de la solicitud: ${estado}`;

const uuid = v.pipe(v.string(), v.uuid('Identificador inválido'));

/**
 * `etapa.actualizar`: staff (admin, supervisor) set one stage's status and comments. `base` holds
 * what the user saw, so a change made meanwhile by someone else is a conflict, not overwritten.
 */
export const ActualizarEtapaArgs = v.object({
  solicitudId: uuid,
  etapa: v.pipe(v.string('La etapa es obligatoria'), v.trim(), v.minLength(1, 'La etapa es obligatoria'), v.maxLength(60)),
  estado: v.pipe(v.string('El estado es obligatorio'), v.trim(), v.minLength(1, 'El estado es obligatorio'), v.maxLength(80)),
  comentarios: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2000, 'El comentario es demasiado largo.')))),
  base: v.optional(
    v.object({
      estado: v.optional(v.nullable(v.string())),
      comentarios: v.optional(v.nullable(v.string())),
    }),
    {},
  ),
});
export type ActualizarEtapaArgs = v.InferOutput<typeof ActualizarEtapaArgs>;
