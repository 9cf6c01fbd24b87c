/**
 * Fields of the economic activity that only apply to one kind of activity (spec 01 §3-§4: 'changing
 * the economic activity type clears dependent conditional fields'). The built-in rule follows the
 * spec's record (employee: company, position, contract…; independent: own business…; pensioner:
 * pension fund); fields configured with `conditional_on: {field: 'tipo_actividad_economica'}` add
 * to it. Pure; used by the edit modal.
 */
import { fold } from './text';

export const CAMPOS_POR_ACTIVIDAD: Readonly<Record<string, readonly string[]>> = {
  empleado: ['empresa', 'cargo', 'tipo_contrato', 'direccion_empresa', 'fecha_ingreso'],
  independiente: [
    'tiene_negocio_propio',
    'nombre_negocio',
    'direccion_negocio',
    'departamento_negocio',
    'ciudad_negocio',
    'numero_empleados',
  ],
  pensionado: ['fondo_pension'],
};

export interface ConditionalDef {
  key: string;
  conditional_on?: { field: string; value: unknown } | null;
}

const ACTIVITY_FIELDS = new Set(['tipo_actividad_economica', 'tipo_actividad']);

/** Every detalle_actividad key that depends on the activity type, with the type it belongs to. */
export function dependentFields(defs: readonly ConditionalDef[] = []): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (key: string, tipo: string) => {
    const set = out.get(key) ?? new Set<string>();
    set.add(fold(tipo));
    out.set(key, set);
  };
  for (const [tipo, keys] of Object.entries(CAMPOS_POR_ACTIVIDAD)) for (const k of keys) add(k, tipo);
  for (const d of defs) {
    if (d.conditional_on && ACTIVITY_FIELDS.has(d.conditional_on.field)) add(d.key, String(d.conditional_on.value ?? ''));
  }
  return out;
}

/** Whether `key` is shown for activity `tipo` (fields that depend on no type are always shown). */
export function appliesTo(key: string, tipo: string | null | undefined, defs: readonly ConditionalDef[] = []): boolean {
  const owners = dependentFields(defs).get(key);
  return !owners || owners.has(fold(tipo ?? ''));
}

/**
 * The detalle_actividad after the activity type changed from `previous` to `next`: every dependent
 * field is cleared (set to null, so the server erases it too); other keys are kept.
 */
export function clearDependentFields(
  detalle: Record<string, unknown>,
  previous: string | null | undefined,
  next: string | null | undefined,
  defs: readonly ConditionalDef[] = [],
): Record<string, unknown> {
  if (fold(previous ?? '') === fold(next ?? '')) return { ...detalle };
  const out: Record<string, unknown> = { ...detalle };
  for (const key of dependentFields(defs).keys()) {
    if (key in out || out[key] !== undefined) out[key] = null;
  }
  out.tipo_actividad_economica = next ?? null;
  return out;
}
