/**
 * Credit kinds of a request's detalle_credito (spec 01 §3-§4). Choosing a credit type in the edit
 * form replaces the kind sub-object: the new kind's data is kept (or started empty) and the data of
 * every other kind is dropped, so a record never carries two contradictory credit details.
 */
import type { FieldDefinition, FieldType } from './field-definition';
import { fold } from './text';
import { etiquetaDeCampo } from './validacion';

export const CREDIT_KINDS = [
  'credito_hipotecario',
  'credito_vehicular',
  'credito_libre_inversion',
  'credito_consumo',
  'detalle_generico',
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** How 'Editar Registro' titles the sub-object of each kind. */
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  credito_hipotecario: 'Crédito hipotecario',
  credito_vehicular: 'Crédito vehicular',
  credito_libre_inversion: 'Crédito de libre inversión',
  credito_consumo: 'Crédito de consumo',
  detalle_generico: 'Detalle del crédito',
};

const sub = (key: string, type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key,
  type,
  required: false,
  description: etiquetaDeCampo(key),
  ...extra,
});

/**
 * The fields of each kind's sub-object. The spec names the sub-objects but not their contents;
 * these are what Colombian lenders ask for each line. Amounts follow the shared money rules by key
 * (valor_inmueble and valor_vehiculo above zero, cuota_inicial zero or more).
 */
export const CREDIT_KIND_FIELDS: Record<CreditKind, readonly FieldDefinition[]> = {
  credito_hipotecario: [
    sub('tipo_inmueble', 'array', { list_values: { enum: ['Casa', 'Apartamento', 'Lote', 'Local comercial', 'Oficina'] } }),
    sub('valor_inmueble', 'number'),
    sub('cuota_inicial', 'number'),
    sub('ciudad_inmueble', 'string'),
    sub('vivienda_nueva', 'boolean'),
  ],
  credito_vehicular: [
    sub('estado_vehiculo', 'array', { list_values: { enum: ['Nuevo', 'Usado'] } }),
    sub('marca', 'string'),
    sub('modelo', 'integer'),
    sub('valor_vehiculo', 'number'),
    sub('cuota_inicial', 'number'),
  ],
  credito_libre_inversion: [sub('destino_credito', 'string'), sub('ingresos_adicionales', 'number')],
  credito_consumo: [sub('bien_a_financiar', 'string'), sub('valor_bien', 'number')],
  detalle_generico: [sub('descripcion', 'text')],
};

/** The sub-object a credit type name maps to, by the words it contains (accents and case ignored). */
export function creditKind(tipo: string | null | undefined): CreditKind {
  const t = fold(tipo ?? '');
  if (t.includes('vivienda') || t.includes('hipotecario')) return 'credito_hipotecario';
  // 'auto' only at the start of a word: 'automóvil' yes, 'preautorizado' no.
  if (t.includes('vehicular') || t.includes('vehiculo') || /(^|[^\p{L}])auto/u.test(t)) {
    return 'credito_vehicular';
  }
  if (t.includes('libre')) return 'credito_libre_inversion';
  if (t.includes('consumo')) return 'credito_consumo';
  return 'detalle_generico';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A new detalle_credito for credit type `tipo`: tipo_credito set, monto_solicitado, plazo_meses and
 * any other plain field kept, the new kind's sub-object kept (or {}), other kinds' sub-objects
 * dropped. The input is not modified.
 */
export function replaceCreditType(
  detalle_credito: Record<string, unknown> | null | undefined,
  tipo: string,
): Record<string, unknown> {
  const kind = creditKind(tipo);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detalle_credito ?? {})) {
    if (!(CREDIT_KINDS as readonly string[]).includes(key)) out[key] = value;
  }
  out.tipo_credito = tipo;
  const current = detalle_credito?.[kind];
  out[kind] = isPlainObject(current) ? { ...current } : {};
  return out;
}
