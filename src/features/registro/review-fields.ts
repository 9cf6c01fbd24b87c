/**
 * The fields a review can flag, as 'Editar Registro' shows them: each with its path in the
 * complete record (what the review stores), the form's own label, the section it sits in, and the
 * form path that holds its value (none for the lists: documents and references). Pure: no React.
 * A flagged path this version does not know (a field removed since) is still named, by its key.
 */
import { pathOf } from '../../domain/campos-registro';
import { creditKind, type CreditKind } from '../../domain/credito';
import { labelOf } from '../../domain/field-definition';
import type { SolicitudRecord } from '../../domain/solicitud';
import { fieldLabel } from './historial-format';
import { storedTipoCredito, type RecordFields } from './record-values';

export interface CampoRevisable {
  /** Path in the complete record, as the review keeps it. */
  campo: string;
  label: string;
  section: string;
  /** Where the form holds its value ('informacion_financiera.ingreso_basico_mensual'); null for a list. */
  formPath: string | null;
}

/** The sections of 'Editar Registro', in its order, with the entity each draws. */
export const REVIEW_SECTIONS = [
  { entity: 'solicitante', title: 'Información del Solicitante' },
  { entity: 'ubicacion', title: 'Información de Ubicación' },
  { entity: 'actividad_economica', title: 'Información Laboral' },
  { entity: 'informacion_financiera', title: 'Información Financiera' },
  { entity: 'solicitud', title: 'Información del Crédito' },
] as const;

const LISTS: CampoRevisable[] = [
  { campo: 'referencias', label: 'Referencias', section: 'Información de Referencias', formPath: null },
  { campo: 'documentos', label: 'Documentos', section: 'Archivos', formPath: null },
];

/** Every field of the record a reviewer can pick, grouped by section in the form's order. */
export function camposRevisables(record: SolicitudRecord, fields: RecordFields): CampoRevisable[] {
  const out: CampoRevisable[] = [];
  for (const { entity, title } of REVIEW_SECTIONS) {
    for (const f of fields.entities[entity]) {
      out.push({ campo: pathOf(entity, f.key), label: labelOf(f), section: title, formPath: `${entity}.${f.key}` });
    }
    if (entity === 'solicitud') {
      const kind: CreditKind = creditKind(storedTipoCredito(record));
      for (const f of fields.credito[kind]) {
        out.push({ campo: `solicitud.detalle_credito.${kind}.${f.key}`, label: labelOf(f), section: title, formPath: `credito.${f.key}` });
      }
    }
  }
  // A key asked twice (a column and its JSON twin) is one field to the person.
  const seen = new Set<string>();
  return [...out, ...LISTS].filter((c) => !seen.has(c.campo) && seen.add(c.campo));
}

/** The field a flagged path names: from the catalogue, else by its key in words. */
export function campoDe(campo: string, catalogue: readonly CampoRevisable[]): CampoRevisable {
  return catalogue.find((c) => c.campo === campo) ?? { campo, label: fieldLabel(campo), section: 'Otros', formPath: null };
}
