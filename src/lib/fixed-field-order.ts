/**
 * The display order of the fixed fields, kept in this browser (spec 02 §3 'Fixed fields': "their
 * display order may be saved locally in browser storage"). Read by the creation form, written by
 * the configuration screen.
 */
import { CAMPOS_FIJOS_DEFS, fixedOrderStorageKey } from '../domain/definicion-config';
import { sortFields, type FieldDefinition } from '../domain/field-definition';

export function readFixedOrder(empresaId: number | string): Record<string, number> {
  try {
    const raw = localStorage.getItem(fixedOrderStorageKey(empresaId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(([, v]) => Number.isInteger(v) && (v as number) >= 1),
    ) as Record<string, number>;
  } catch {
    return {};
  }
}

export function writeFixedOrder(empresaId: number | string, keys: readonly string[]) {
  localStorage.setItem(fixedOrderStorageKey(empresaId), JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, i + 1]))));
}

/** The eight fixed fields in this browser's order. */
export function orderedFixedFields(empresaId: number | string): FieldDefinition[] {
  const order = readFixedOrder(empresaId);
  return sortFields(CAMPOS_FIJOS_DEFS.map((f) => ({ ...f, order_index: order[f.key] ?? f.order_index })));
}
