/**
 * Plausibility rules for applicant and application data (issue 27), shared by the creation form
 * (through the schema compiler), the 'Editar Registro' modal and the server (creation, every edit
 * path, references), so the three refuse the same values with the same words:
 * - celular: 10 digits starting with 3;
 * - teléfono fijo: 10 digits starting with 60, or empty;
 * - monto solicitado (and the value of the property or vehicle): whole pesos, more than zero;
 * - incomes, expenses, assets, liabilities, initial payment, rent: whole pesos, zero or more;
 * - every amount at most PESOS_MAX ($ 100.000.000.000): more is a slip of the keyboard (a money
 *   field takes up to 15 digits), not a credit a broker files;
 * - plazo: a whole number of months from 1 to 360;
 * - estrato: a whole number from 1 to 6 (Colombia's socioeconomic strata);
 * - personas a cargo: a whole number from 0 to 20; número de empleados: a whole number, zero or more;
 * - e-mail: a valid address;
 * - fecha de nacimiento: a real date that makes the applicant 18 to 100 years old;
 * - nombres, primer and segundo apellido: a person's name, at most NOMBRE_MAX characters of letters
 *   (any alphabet, with accents, ñ, ü), spaces, apostrophe, hyphen and dot, at least one letter. No
 *   digits, ':', '/', '@', control or format (bidi) characters, line separators: these names go
 *   into Radica's e-mails and notices to staff, and free text there would let anyone who can edit
 *   an applicant write them a forged message (a link, a phone number);
 * - número de documento: 3 to 15 digits for a cédula (CC, CE), tarjeta de identidad or NIT (dots
 *   and spaces typed between digits are dropped, a dash or a letter is refused; a NIT may end in
 *   '-' and its check digit, which must be the DIAN's and is not stored); 3 to 20 letters or digits for a pasaporte (PP). It is the one rule that
 *   reads a neighbour: the tipo de identificación beside it (ContextoRegla), so a change of type
 *   judges the number again.
 * Which rule a field follows is decided by its key (the last segment of its path), so a key means
 * the same wherever it is stored (info_extra, detalle_credito, detalle_referencia…). Messages name
 * the field by its form label, never by its key: 'Correo electrónico: no es un correo válido'.
 * A rule only judges a non-empty value; whether a field is required is the caller's business.
 * Edits are judged on what they change: a value equal to the stored one is never refused, so an
 * old implausible value does not block saving another field.
 */
import * as v from 'valibot';
import { formatMoney } from './format';

export type ReglaId =
  | 'celular'
  | 'telefono_fijo'
  | 'monto'
  | 'pesos'
  | 'plazo'
  | 'estrato'
  | 'personas'
  | 'conteo'
  | 'correo'
  | 'fecha_nacimiento'
  | 'documento'
  | 'nombre_persona';

export const EDAD_MINIMA = 18;
export const EDAD_MAXIMA = 100;
export const PLAZO_MIN_MESES = 1;
export const PLAZO_MAX_MESES = 360;
export const ESTRATO_MIN = 1;
export const ESTRATO_MAX = 6;
export const PERSONAS_MAX = 20;
export const DOCUMENTO_MIN = 3;
export const DOCUMENTO_MAX_DIGITOS = 15;
export const PASAPORTE_MAX = 20;
/** The largest amount in pesos any money field takes: cien mil millones. */
export const PESOS_MAX = 100_000_000_000;
/** What a money field says past PESOS_MAX (the ceiling written as the screens write money). */
export const mensajePesosMax = (label: string) => `${label}: no puede superar ${formatMoney(PESOS_MAX)}`;
/** The longest name, first or last, an applicant's field takes. */
export const NOMBRE_MAX = 60;

export const MENSAJES: Record<ReglaId, (label: string) => string> = {
  celular: (l) => `${l}: debe tener 10 dígitos y empezar por 3`,
  telefono_fijo: (l) => `${l}: debe tener 10 dígitos y empezar por 60, o quedar vacío`,
  monto: (l) => `${l}: debe ser un valor en pesos mayor que cero, sin decimales`,
  pesos: (l) => `${l}: debe ser un valor en pesos de cero o más, sin decimales`,
  plazo: (l) => `${l}: debe ser un número entero de meses entre ${PLAZO_MIN_MESES} y ${PLAZO_MAX_MESES}`,
  estrato: (l) => `${l}: debe ser un número entero del ${ESTRATO_MIN} al ${ESTRATO_MAX}`,
  personas: (l) => `${l}: debe ser un número entero entre 0 y ${PERSONAS_MAX}`,
  conteo: (l) => `${l}: debe ser un número entero de cero o más`,
  correo: (l) => `${l}: no es un correo electrónico válido`,
  fecha_nacimiento: (l) => `${l}: el solicitante debe tener entre ${EDAD_MINIMA} y ${EDAD_MAXIMA} años`,
  documento: (l) => `${l}: debe tener entre ${DOCUMENTO_MIN} y ${DOCUMENTO_MAX_DIGITOS} dígitos, sin letras ni guiones`,
  nombre_persona: (l) => `${l}: usa solo letras, espacios, apóstrofo, guion o punto.`,
};
export const mensajeNombreLargo = (label: string) => `${label}: usa como máximo ${NOMBRE_MAX} caracteres.`;
export const mensajeFechaInvalida = (label: string) => `${label}: debe ser una fecha válida (dd/mm/aaaa)`;
export const mensajePasaporte = (label: string) =>
  `${label}: el pasaporte debe tener entre ${DOCUMENTO_MIN} y ${PASAPORTE_MAX} letras o números, sin espacios ni signos`;

/** What a rule may read besides its own value: the document number depends on the type beside it. */
export interface ContextoRegla {
  tipoIdentificacion?: unknown;
}

/** A key whose value is judged with another key's (a change of that one judges this one again). */
export const DEPENDE_DE: Readonly<Record<string, string>> = { numero_documento: 'tipo_identificacion' };

/** Whether a tipo de identificación is a NIT ('NIT', 'nit', or a one-item list of it). */
export function esNit(tipo: unknown): boolean {
  const t = Array.isArray(tipo) ? (tipo as unknown[])[0] : tipo;
  return typeof t === 'string' && t.trim().toLowerCase() === 'nit';
}

/**
 * The DIAN's check digit of a NIT (Orden DIAN 000007 de 1995): each digit, from the right, times
 * 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71; the sum modulo 11 is the digit when
 * it is 0 or 1, else 11 minus it. 800197268 → 4.
 */
export function digitoVerificacionNit(nit: string): number {
  const pesos = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  let suma = 0;
  for (let i = 0; i < nit.length; i++) suma += Number(nit[nit.length - 1 - i]) * pesos[i]!;
  const r = suma % 11;
  return r > 1 ? 11 - r : r;
}

export const mensajeNit = (label: string) =>
  `${label}: el NIT debe tener entre ${DOCUMENTO_MIN} y ${DOCUMENTO_MAX_DIGITOS} dígitos, con o sin su dígito de verificación (800197268-4)`;
export const mensajeDigitoNit = (label: string) => `${label}: el dígito de verificación no corresponde a este NIT; revisa el número`;

/**
 * A NIT as written on a RUT or an invoice: '800.197.268-4' is kept as '800197268' (the check digit
 * follows from the number), after checking that digit, so a slip in either part is caught; without
 * a check digit it is judged as any other number.
 */
function reglaNit(d: string, label: string): Resultado {
  const m = /^(\d{3,15})(?:-(\d))?$/.exec(d);
  if (!m) return { ok: false, message: mensajeNit(label) };
  if (m[2] !== undefined && Number(m[2]) !== digitoVerificacionNit(m[1]!)) return { ok: false, message: mensajeDigitoNit(label) };
  return { ok: true, value: m[1]! };
}

/** Whether a tipo de identificación is a passport ('PP', 'pp', or a one-item list of it). */
export function esPasaporte(tipo: unknown): boolean {
  const t = Array.isArray(tipo) ? (tipo as unknown[])[0] : tipo;
  return typeof t === 'string' && t.trim().toLowerCase() === 'pp';
}

const POR_CLAVE: Record<string, ReglaId> = {
  celular: 'celular',
  numero_celular: 'celular',
  celular_referencia: 'celular',
  telefono: 'telefono_fijo',
  monto_solicitado: 'monto',
  valor_inmueble: 'monto',
  valor_vehiculo: 'monto',
  plazo_meses: 'plazo',
  plazo_tiempo: 'plazo',
  estrato: 'estrato',
  personas_a_cargo: 'personas',
  numero_empleados: 'conteo',
  fecha_nacimiento: 'fecha_nacimiento',
  numero_documento: 'documento',
  nombres: 'nombre_persona',
  primer_apellido: 'nombre_persona',
  segundo_apellido: 'nombre_persona',
};
/** Money that may be zero: incomes, expenses, assets, liabilities and the like. */
const PESOS =
  /^(total_ingresos_mensuales|total_egresos_mensuales|total_activos|total_pasivos|ingresos?_[a-z_]+|otros_ingresos[a-z_]*|gastos_[a-z_]+|honorarios|arriendos|salario_base|cuota_inicial|valor_arriendo)$/;

/** The rule of a field key (or path: its last segment), or null when it has none. */
export function reglaDeCampo(keyOrPath: string): ReglaId | null {
  const key = keyOrPath.slice(keyOrPath.lastIndexOf('.') + 1);
  if (POR_CLAVE[key]) return POR_CLAVE[key];
  if (key.startsWith('correo')) return 'correo';
  if (PESOS.test(key)) return 'pesos';
  return null;
}

/**
 * Form labels of the keys the rules cover, for messages about values that arrive without their
 * form definition (an edit, a reference, a key the company's form no longer has).
 */
export const ETIQUETAS: Record<string, string> = {
  celular: 'Celular',
  numero_celular: 'Celular',
  celular_referencia: 'Celular',
  telefono: 'Teléfono fijo',
  correo: 'Correo electrónico',
  correo_electronico: 'Correo electrónico',
  correo_empresa: 'Correo de la empresa',
  correo_oficina: 'Correo de la oficina',
  correo_electronico_empresa: 'Correo de la empresa',
  fecha_nacimiento: 'Fecha de nacimiento',
  monto_solicitado: 'Monto solicitado',
  valor_inmueble: 'Valor del inmueble',
  valor_vehiculo: 'Valor del vehículo',
  plazo_meses: 'Plazo (meses)',
  plazo_tiempo: 'Plazo (meses)',
  total_ingresos_mensuales: 'Total ingresos mensuales',
  total_egresos_mensuales: 'Total egresos mensuales',
  total_activos: 'Total activos',
  total_pasivos: 'Total pasivos',
  ingreso_basico_mensual: 'Ingreso básico mensual',
  ingreso_variable_mensual: 'Ingreso variable mensual',
  otros_ingresos_mensuales: 'Otros ingresos mensuales',
  gastos_personales_mensuales: 'Gastos personales mensuales',
  gastos_financieros_mensuales: 'Gastos financieros mensuales',
  ingresos_fijos_pension: 'Ingresos fijos por pensión',
  ingresos_por_ventas: 'Ingresos por ventas',
  ingresos_varios: 'Ingresos varios',
  ingresos_actividad_independiente: 'Ingresos por actividad independiente',
  ingresos_mensuales: 'Ingresos mensuales',
  gastos_mensuales: 'Gastos mensuales',
  otros_ingresos: 'Otros ingresos',
  honorarios: 'Honorarios',
  arriendos: 'Arriendos',
  salario_base: 'Salario base',
  cuota_inicial: 'Cuota inicial',
  valor_arriendo: 'Valor del arriendo',
  estrato: 'Estrato',
  personas_a_cargo: 'Personas a cargo',
  // The other fields of 'Editar Registro', for the server's messages about them.
  nombres: 'Nombres',
  primer_apellido: 'Primer apellido',
  segundo_apellido: 'Segundo apellido',
  tipo_identificacion: 'Tipo de identificación',
  numero_documento: 'Número de documento',
  genero: 'Género',
  estado_civil: 'Estado civil',
  nacionalidad: 'Nacionalidad',
  departamento_residencia: 'Departamento de residencia',
  ciudad_residencia: 'Ciudad de residencia',
  direccion_residencia: 'Dirección de residencia',
  barrio: 'Barrio',
  tipo_actividad: 'Tipo de actividad económica',
  tipo_actividad_economica: 'Tipo de actividad económica',
  sector_economico: 'Sector económico',
  cargo_actual: 'Cargo',
  empresa: 'Empresa',
  cargo: 'Cargo',
  tipo_contrato: 'Tipo de contrato',
  direccion_empresa: 'Dirección de la empresa',
  fecha_ingreso: 'Fecha de ingreso',
  nombre_negocio: 'Nombre del negocio',
  direccion_negocio: 'Dirección del negocio',
  numero_empleados: 'Número de empleados',
  fondo_pension: 'Fondo de pensión',
  // The rest of the complete record (spec 01 §3) and the credit kinds' fields ('Editar Registro').
  codigo_ciiu: 'Código CIIU',
  nit: 'NIT de la empresa',
  departamento_empresa: 'Departamento de la empresa',
  ciudad_empresa: 'Ciudad de la empresa',
  telefono_empresa: 'Teléfono de la empresa',
  tiene_negocio_propio: '¿Tiene negocio propio?',
  departamento_negocio: 'Departamento del negocio',
  ciudad_negocio: 'Ciudad del negocio',
  declara_renta: '¿Declara renta?',
  tipo_inmueble: 'Tipo de inmueble',
  ciudad_inmueble: 'Ciudad del inmueble',
  vivienda_nueva: '¿Vivienda nueva?',
  estado_vehiculo: 'Estado del vehículo',
  marca: 'Marca',
  modelo: 'Modelo (año)',
  destino_credito: 'Destino del crédito',
  ingresos_adicionales: 'Ingresos adicionales',
  bien_a_financiar: 'Bien o servicio a financiar',
  valor_bien: 'Valor del bien',
  descripcion: 'Descripción',
  tipo_credito: 'Tipo de crédito',
  banco_nombre: 'Banco',
  ciudad_solicitud: 'Ciudad de la solicitud',
  detalle_credito: 'Información del crédito',
  preferencias_notificacion: 'Notificaciones',
  nombre: 'Nombre',
  relacion: 'Relación',
  direccion: 'Dirección',
  ciudad: 'Ciudad',
};

/** The label of a key or path: the known one, else the key with spaces ('nivel_estudio' → 'Nivel estudio'). */
export function etiquetaDeCampo(keyOrPath: string): string {
  const key = keyOrPath.slice(keyOrPath.lastIndexOf('.') + 1);
  if (ETIQUETAS[key]) return ETIQUETAS[key];
  const words = key.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

export type Resultado = { ok: true; value: unknown } | { ok: false; message: string };

/** '', null, undefined and blank strings: nothing to judge. */
export function vacio(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Phone digits: spaces, dots, dashes and parentheses typed between digits are dropped. */
function digitos(raw: unknown): string | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : null;
  if (typeof raw !== 'string') return null;
  const t = raw.trim().replace(/[\s.\-()]/g, '');
  return /^\d+$/.test(t) ? t : null;
}

/**
 * A peso amount: a number, or text written as '180000000', '180.000.000' or '$ 180.000.000'
 * (es-CO thousands). Decimals ('1500,5', '1500.5') come back as they are, for the rule to refuse.
 */
export function leerPesos(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  let t = raw.trim().replace(/^\$/, '').replace(/\s/g, '');
  if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
  if (!/^-?\d+([.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function leerEntero(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^[-+]?\d+([.,]\d+)?$/.test(raw.trim())) return null;
  return Number(raw.trim().replace(',', '.'));
}

/** 'YYYY-MM-DD' (a timestamp's date part is kept) when it names a real calendar day. */
export function leerFecha(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(t);
  // As people write it (the date fields show dd/mm/aaaa): '12/04/1990', '1/4/1990'.
  const co = m ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m && !co) return null;
  const [ys, ms, ds] = m ? [m[1]!, m[2]!, m[3]!] : [co![3]!, co![2]!.padStart(2, '0'), co![1]!.padStart(2, '0')];
  const [y, mo, d] = [Number(ys), Number(ms), Number(ds)];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${ys}-${ms}-${ds}`;
}

/** Whole years between `birth` and `today` (both YYYY-MM-DD). */
export function edadEn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Today's local date, YYYY-MM-DD. */
export function hoyIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A cédula, tarjeta de identidad or NIT (without check digit); a passport (the bounds of DOCUMENTO_MIN…PASAPORTE_MAX). */
const DOCUMENTO = /^\d{3,15}$/;
const PASAPORTE = /^[A-Za-z0-9]{3,20}$/;

const CORREO = v.pipe(v.string(), v.email(), v.maxLength(254));

/** Letters (with their combining accents) in words joined by spaces, apostrophes, hyphens or dots. */
const NOMBRE_PERSONA = /^[\p{L}\p{M}'’.-]+(?: [\p{L}\p{M}'’.-]+)*$/u;

/** The whole numbers a counting rule accepts, both ends included. */
const RANGOS_ENTEROS: Record<'estrato' | 'personas' | 'conteo', readonly [number, number]> = {
  estrato: [ESTRATO_MIN, ESTRATO_MAX],
  personas: [0, PERSONAS_MAX],
  conteo: [0, Number.MAX_SAFE_INTEGER],
};

/**
 * Judges one non-empty value by a rule; the value comes back normalised (phone digits only,
 * amounts and terms as numbers, e-mail trimmed, the date as YYYY-MM-DD).
 */
export function aplicarRegla(
  regla: ReglaId,
  raw: unknown,
  label: string,
  today: string = hoyIso(),
  ctx: ContextoRegla = {},
): Resultado {
  const fail = (message: string): Resultado => ({ ok: false, message });
  switch (regla) {
    case 'celular': {
      const d = digitos(raw);
      return d && /^3\d{9}$/.test(d) ? { ok: true, value: d } : fail(MENSAJES.celular(label));
    }
    case 'telefono_fijo': {
      if (vacio(raw)) return { ok: true, value: null };
      const d = digitos(raw);
      return d && /^60\d{8}$/.test(d) ? { ok: true, value: d } : fail(MENSAJES.telefono_fijo(label));
    }
    case 'monto':
    case 'pesos': {
      const n = leerPesos(raw);
      const okValue = n !== null && Number.isSafeInteger(n) && (regla === 'monto' ? n > 0 : n >= 0);
      if (!okValue) return fail(MENSAJES[regla](label));
      return n <= PESOS_MAX ? { ok: true, value: n } : fail(mensajePesosMax(label));
    }
    case 'plazo': {
      const n = leerEntero(raw);
      const okValue = n !== null && Number.isInteger(n) && n >= PLAZO_MIN_MESES && n <= PLAZO_MAX_MESES;
      return okValue ? { ok: true, value: n } : fail(MENSAJES.plazo(label));
    }
    case 'estrato':
    case 'personas':
    case 'conteo': {
      const [min, max] = RANGOS_ENTEROS[regla];
      const n = leerEntero(raw);
      const okValue = n !== null && Number.isInteger(n) && n >= min && n <= max;
      return okValue ? { ok: true, value: n } : fail(MENSAJES[regla](label));
    }
    case 'correo': {
      const t = typeof raw === 'string' ? raw.trim() : raw;
      return v.is(CORREO, t) ? { ok: true, value: t } : fail(MENSAJES.correo(label));
    }
    case 'fecha_nacimiento': {
      const d = leerFecha(raw);
      if (!d) return fail(mensajeFechaInvalida(label));
      const edad = edadEn(d, today);
      return edad >= EDAD_MINIMA && edad <= EDAD_MAXIMA ? { ok: true, value: d } : fail(MENSAJES.fecha_nacimiento(label));
    }
    case 'documento': {
      const t = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? String(raw) : '';
      if (esPasaporte(ctx.tipoIdentificacion)) {
        return PASAPORTE.test(t) ? { ok: true, value: t } : fail(mensajePasaporte(label));
      }
      // '1.045.678.901' and '1045 678 901' are the same cédula; a dash would hide a check digit.
      const d = t.replace(/[.\s]/g, '');
      if (esNit(ctx.tipoIdentificacion)) return reglaNit(d, label);
      return DOCUMENTO.test(d) ? { ok: true, value: d } : fail(MENSAJES.documento(label));
    }
    case 'nombre_persona': {
      if (typeof raw !== 'string') return fail(MENSAJES.nombre_persona(label));
      // Runs of spaces are one space: 'Ana  María' is Ana María.
      const t = raw.trim().replace(/ {2,}/g, ' ');
      if (!NOMBRE_PERSONA.test(t) || !/\p{L}/u.test(t)) return fail(MENSAJES.nombre_persona(label));
      return [...t].length <= NOMBRE_MAX ? { ok: true, value: t } : fail(mensajeNombreLargo(label));
    }
  }
}

/**
 * The rule as a valibot schema, for a form resolver: an empty value passes as null, any other is
 * judged and normalised. `today` is read at each validation unless given.
 */
export function reglaSchema(
  regla: ReglaId,
  label: string,
  opts: { today?: () => string } = {},
): v.GenericSchema<unknown, unknown> {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (vacio(dataset.value)) return null;
      const r = aplicarRegla(regla, dataset.value, label, opts.today?.() ?? hoyIso());
      if (r.ok) return r.value;
      addIssue({ message: r.message });
      return NEVER;
    }),
  );
}

export const celularSchema = (label = 'Celular') => reglaSchema('celular', label);
export const telefonoFijoSchema = (label = 'Teléfono fijo') => reglaSchema('telefono_fijo', label);
export const montoSchema = (label = 'Monto solicitado') => reglaSchema('monto', label);
export const pesosSchema = (label: string) => reglaSchema('pesos', label);
export const plazoSchema = (label = 'Plazo (meses)') => reglaSchema('plazo', label);
export const correoSchema = (label = 'Correo electrónico') => reglaSchema('correo', label);
export const fechaNacimientoSchema = (label = 'Fecha de nacimiento') => reglaSchema('fecha_nacimiento', label);

/** The rule of `key`, if any, applied to a non-empty value (empty ones pass untouched). */
export function validarCampo(
  key: string,
  raw: unknown,
  label: string = etiquetaDeCampo(key),
  today?: string,
  ctx: ContextoRegla = {},
): Resultado {
  const regla = reglaDeCampo(key);
  if (!regla || vacio(raw)) return { ok: true, value: raw };
  return aplicarRegla(regla, raw, label, today, ctx);
}

function mismoValor(a: unknown, b: unknown): boolean {
  const norm = (x: unknown) => (x === undefined || x === '' ? null : typeof x === 'string' ? x.trim() : x);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export interface ValidacionCambios {
  /** The changes with every judged value normalised. */
  values: Record<string, unknown>;
  /** Messages by path (`solicitud.detalle_credito.monto_solicitado` for a key inside an object). */
  fields: Record<string, string>;
}

/**
 * Applies the rules to a flat object of keys (a detalle_credito, a detalle_referencia), judging
 * only the keys whose value differs from `antes`. Errors are keyed `prefix + key`.
 */
export function validarObjeto(
  valores: Record<string, unknown>,
  antes: Record<string, unknown> | null | undefined,
  prefix: string,
  today?: string,
): ValidacionCambios {
  const values: Record<string, unknown> = { ...valores };
  const fields: Record<string, string> = {};
  for (const [key, raw] of Object.entries(valores)) {
    if (mismoValor(raw, antes?.[key])) continue;
    const r = validarCampo(key, raw, etiquetaDeCampo(key), today);
    if (r.ok) values[key] = r.value;
    else fields[prefix + key] = r.message;
  }
  return { values, fields };
}

const TIPO_PATH = 'solicitante.tipo_identificacion';
const DOCUMENTO_PATH = 'solicitante.numero_documento';

/**
 * The rules over the changes of an edit (`solicitud.editar` paths, as the modal's diff and the
 * server's REST edits produce them). `leer` gives the stored value of a path; a change equal to it
 * is not judged. A plain object (detalle_credito) is judged key by key against its stored object.
 */
export function validarCambios(
  changes: Record<string, unknown>,
  leer: (path: string) => unknown,
  today?: string,
): ValidacionCambios {
  const values: Record<string, unknown> = { ...changes };
  const fields: Record<string, string> = {};
  const ahora = (path: string) => (path in changes ? changes[path] : leer(path));
  const ctx: ContextoRegla = { tipoIdentificacion: ahora(TIPO_PATH) };
  for (const [path, raw] of Object.entries(changes)) {
    const stored = leer(path);
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const before = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : null;
      const r = validarObjeto(raw as Record<string, unknown>, before, `${path}.`, today);
      values[path] = r.values;
      Object.assign(fields, r.fields);
      continue;
    }
    if (mismoValor(raw, stored)) continue;
    const r = validarCampo(path, raw, etiquetaDeCampo(path), today, ctx);
    if (r.ok) values[path] = r.value;
    else fields[path] = r.message;
  }
  // A new type of document judges the number it now goes with, even when the number stays.
  if (!(DOCUMENTO_PATH in changes) && TIPO_PATH in changes && !mismoValor(changes[TIPO_PATH], leer(TIPO_PATH))) {
    const r = validarCampo(DOCUMENTO_PATH, leer(DOCUMENTO_PATH), etiquetaDeCampo(DOCUMENTO_PATH), today, ctx);
    if (!r.ok) fields[DOCUMENTO_PATH] = r.message;
  }
  return { values, fields };
}
