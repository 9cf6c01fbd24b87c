/**
 * A complete application as the creation form sends it: the `solicitud.crear` mutation args (also
 * the shape `POST /api/solicitantes/crear-registro-completo` is mapped to). Every id is made by the
 * client, so creating the same application twice is a no-op. `validateRegistro` runs the compiled
 * field schemas of the six entities plus the two required consents; the form and the server call
 * it with the same definitions and get the same messages.
 */
import * as v from 'valibot';
import { plainRecord } from './plain-record';
import type { FieldDefinition, FormEntity } from './field-definition';
import { compileFields, issuesToFields, pruneReferences, type CompileOptions } from './schema-compiler';

export const MAX_REFERENCIAS = 3;
export const TERMINOS_MSG = 'Debes aceptar los términos y condiciones de uso para continuar';
export const FIRMA_MSG = 'Debes aceptar el acuerdo de firma para continuar';

const uuid = v.pipe(v.string('Identificador inválido'), v.uuid('Identificador inválido'));
const Values = v.pipe(
  plainRecord(v.string(), v.unknown(), 'Los datos deben ser un objeto'),
  v.check((o) => Object.keys(o).length <= 200, 'Demasiados campos'),
  v.check((o) => JSON.stringify(o).length <= 100_000, 'Los datos son demasiado grandes'),
);

export const CrearRegistroArgs = v.object({
  solicitudId: uuid,
  solicitanteId: uuid,
  ubicacionId: uuid,
  actividadId: uuid,
  financieraId: uuid,
  solicitante: Values,
  ubicacion: Values,
  actividad_economica: Values,
  informacion_financiera: Values,
  solicitud: Values,
  referencias: v.pipe(
    v.array(v.object({ id: uuid, datos: Values })),
    v.maxLength(MAX_REFERENCIAS, `Máximo ${MAX_REFERENCIAS} referencias`),
  ),
  acepta_terminos: v.boolean(),
  acepta_firma: v.boolean(),
  /** When the advisor saved it (shown locally until the server's row arrives). */
  creado_en: v.optional(v.pipe(v.string(), v.maxLength(40))),
});
export type CrearRegistroArgs = v.InferOutput<typeof CrearRegistroArgs>;

/** The form fields of each entity (table columns + active dynamic definitions, or the fallback). */
export type RegistroSchemas = Record<FormEntity, readonly FieldDefinition[]>;

export const SINGLE_ENTITIES = [
  'solicitante',
  'ubicacion',
  'actividad_economica',
  'informacion_financiera',
  'solicitud',
] as const;

export type CleanRegistro = CrearRegistroArgs;

export type RegistroValidation =
  | { ok: true; value: CleanRegistro }
  | { ok: false; fields: Record<string, string> };

/**
 * Validates and cleans a whole application. Field errors are keyed `entity.key`
 * (`referencias.N.key` for references, N counted before pruning), the consents
 * `acepta_terminos` / `acepta_firma`. Empty references are dropped first.
 */
export function validateRegistro(
  schemas: RegistroSchemas,
  args: CrearRegistroArgs,
  options: CompileOptions = {},
): RegistroValidation {
  const fields: Record<string, string> = {};
  if (args.acepta_terminos !== true) fields.acepta_terminos = TERMINOS_MSG;
  if (args.acepta_firma !== true) fields.acepta_firma = FIRMA_MSG;
  const value: CleanRegistro = { ...args };
  for (const entity of SINGLE_ENTITIES) {
    const r = v.safeParse(compileFields(schemas[entity], options), args[entity]);
    if (r.success) value[entity] = r.output;
    else Object.assign(fields, issuesToFields(r.issues, `${entity}.`));
  }
  const refSchema = compileFields(schemas.referencia, options);
  const kept = pruneReferences(args.referencias.map((r, index) => ({ ...r, index })));
  value.referencias = [];
  for (const ref of kept) {
    const r = v.safeParse(refSchema, ref.datos);
    if (r.success) value.referencias.push({ id: ref.id, datos: r.output });
    else Object.assign(fields, issuesToFields(r.issues, `referencias.${ref.index}.`));
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}
