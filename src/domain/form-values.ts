/**
 * How a form's values change when one field changes, the same in the creation form and 'Editar
 * Registro' (spec 01 §4, 02 §4): a changed activity type clears the work and business fields of
 * the previous one, a changed department clears its city, and a conditional field whose condition
 * no longer holds is cleared. Pure.
 */
import type { FieldDefinition } from './field-definition';
import { staleConditionalKeys } from './schema-compiler';

export type Values = Record<string, unknown>;

const ACTIVITY_TRIGGERS = new Set(['tipo_actividad', 'tipo_actividad_economica']);
// Work and business fields that belong to one kind of activity (pension, company, business,
// seniority, education, unemployment): cleared when the activity type changes.
const WORK_FIELD = /pension|empresa|negocio|antiguedad|estudio|educa|desemple|cargo|contrato|fecha_ingreso|salario/;

/** Sets one value; a changed activity type clears the fields that no longer apply. */
export function setEntityValue(
  values: Values,
  key: string,
  value: unknown,
  fields: readonly FieldDefinition[],
): Values {
  const next: Values = { ...values, [key]: value };
  if (ACTIVITY_TRIGGERS.has(key) && values[key] !== value) {
    for (const k of Object.keys(next)) {
      if (!ACTIVITY_TRIGGERS.has(k) && WORK_FIELD.test(k)) delete next[k];
    }
  }
  // A city chosen for the previous department no longer applies (ciudad_x follows departamento_x).
  if (key.includes('departamento') && values[key] !== value) delete next[key.replace('departamento', 'ciudad')];
  for (const stale of staleConditionalKeys(fields, next)) delete next[stale];
  return next;
}
