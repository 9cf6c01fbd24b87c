/**
 * Option lists of the form's special inputs (spec 02 §5) and the rule that picks one for a field
 * key. Used by the creation form and the edit modal, so both offer the same choices (issue 28: one
 * source). Values are what is stored; how each reads on screen is src/domain/opciones.ts.
 */
import { NOMBRES_DEPARTAMENTOS, citiesOf } from './colombia';
import { fold } from './text';

export const TIPOS_IDENTIFICACION = ['CC', 'CE', 'TI', 'PP', 'NIT'] as const;
export const GENEROS = ['M', 'F', 'O'] as const;
export const ESTADOS_CIVILES = ['Soltero', 'Casado', 'Unión Libre', 'Divorciado', 'Viudo'] as const;
export const TIPOS_CONTRATO = [
  'Indefinido',
  'Término Fijo',
  'Prestación de Servicios',
  'Obra o Labor',
  'Aprendizaje',
  'Independiente',
] as const;
export const TIPOS_ACTIVIDAD = [
  'Empleado',
  'Independiente',
  'Pensionado',
  'Estudiante',
  'Desempleado',
  'Rentista',
] as const;
export const TIPOS_REFERENCIA = ['personal', 'familiar', 'laboral', 'comercial'] as const;
export const SECTORES_ECONOMICOS = [
  'Tecnología',
  'Finanzas',
  'Salud',
  'Educación',
  'Comercio',
  'Manufactura',
  'Servicios',
  'Construcción',
  'Agricultura',
  'Minería',
  'Otro',
] as const;
export const PARENTESCOS = [
  'Padre',
  'Madre',
  'Hermano',
  'Hermana',
  'Hijo',
  'Hija',
  'Esposo',
  'Esposa',
  'Tío',
  'Tía',
  'Primo',
  'Prima',
  'Amigo',
  'Amiga',
  'Otro',
] as const;
export const DESTINOS_CREDITO = [
  'Vivienda',
  'Vehículo',
  'Educación',
  'Negocio',
  'Consumo',
  'Viajes',
  'Salud',
  'Otro',
] as const;

/**
 * Credit lines offered, the same in the creation form and 'Editar Registro' (issue 28 asks for one
 * list where spec 01 §9 had two: the edit form's hipotecario, consumo, comercial, microcredito,
 * libranza and the creation form's hipotecario, vehicular, so both together, plus the demo's
 * 'libre inversión'). Stored as written here, lower case; shown capitalised and accented.
 */
export const LINEAS_CREDITO = [
  'hipotecario',
  'vehicular',
  'libre inversión',
  'consumo',
  'comercial',
  'microcredito',
  'libranza',
] as const;

// The spec leaves the relationship options unstated; these are the usual ones on Colombian
// credit forms for each kind of reference.
const RELACION_FAMILIAR = [
  'Padre',
  'Madre',
  'Hermano',
  'Hermana',
  'Hijo',
  'Hija',
  'Cónyuge',
  'Abuelo',
  'Abuela',
  'Tío',
  'Tía',
  'Primo',
  'Prima',
  'Otro familiar',
] as const;
const RELACION_LABORAL = [
  'Jefe inmediato',
  'Compañero de trabajo',
  'Empleador',
  'Subordinado',
  'Recursos humanos',
  'Otro',
] as const;
const RELACION_COMERCIAL = [
  'Cliente',
  'Proveedor',
  'Socio',
  'Arrendador',
  'Entidad financiera',
  'Otro',
] as const;
const RELACION_PERSONAL = [
  'Amigo',
  'Amiga',
  'Vecino',
  'Vecina',
  'Compañero de estudio',
  'Conocido',
  'Otro',
] as const;

/** Relationship options for a reference type; anything other than familiar/laboral/comercial is personal. */
export function relacionOptions(tipoReferencia: unknown): string[] {
  switch (fold(typeof tipoReferencia === 'string' ? tipoReferencia : '')) {
    case 'familiar':
      return [...RELACION_FAMILIAR];
    case 'laboral':
      return [...RELACION_LABORAL];
    case 'comercial':
      return [...RELACION_COMERCIAL];
    default:
      return [...RELACION_PERSONAL];
  }
}

const EXACT: Record<string, readonly string[]> = {
  tipo_identificacion: TIPOS_IDENTIFICACION,
  genero: GENEROS,
  estado_civil: ESTADOS_CIVILES,
  tipo_contrato: TIPOS_CONTRATO,
  tipo_actividad: TIPOS_ACTIVIDAD,
  tipo_referencia: TIPOS_REFERENCIA,
  sector_economico: SECTORES_ECONOMICOS,
  parentesco: PARENTESCOS,
  destino_credito: DESTINOS_CREDITO,
  tipo_credito: LINEAS_CREDITO,
};

export interface SpecialOptionsContext {
  /** The current values of the form section holding the field (department, tipo_referencia…). */
  values: Record<string, unknown>;
  /** The company's city list (GET /configuraciones/ciudades, or DEFAULT_CIUDADES). */
  ciudades: readonly string[];
  /** The company's bank list (GET /configuraciones/bancos, or DEFAULT_BANCOS). */
  bancos: readonly string[];
}

/**
 * The options of a field with a special input, or null when the key has none (the field then
 * follows its schema type). A city field follows its department field, found by swapping
 * 'ciudad' for 'departamento' in the key (ciudad_empresa -> departamento_empresa); the request
 * city and reference cities always use the company's list.
 */
export function specialOptionsFor(key: string, ctx: SpecialOptionsContext): string[] | null {
  const k = key.trim().toLowerCase();
  if (Object.prototype.hasOwnProperty.call(EXACT, k)) return [...EXACT[k]];
  if (k === 'banco_nombre') return [...ctx.bancos];
  if (k.includes('departamento')) return [...NOMBRES_DEPARTAMENTOS];
  if (k.includes('ciudad')) {
    if (k === 'ciudad_solicitud' || k.includes('referencia')) return [...ctx.ciudades];
    const departamento = ctx.values[k.replace('ciudad', 'departamento')];
    const cities = typeof departamento === 'string' ? citiesOf(departamento) : [];
    return cities.length > 0 ? [...cities] : [...ctx.ciudades];
  }
  if (k.includes('relacion')) return relacionOptions(ctx.values.tipo_referencia);
  return null;
}
