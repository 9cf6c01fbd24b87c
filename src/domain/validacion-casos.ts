/**
 * The cases of the plausibility rules (src/domain/validacion.ts), one table read by the client's
 * unit tests (validacion.test.ts) and the edit's (src/domain/edit-values.test.ts),
 * so both suites check the same values with the same messages. Test data only: no app code imports it.
 * `ok` is the normalised value; `error` the exact message. Dates are judged on HOY.
 */
export const HOY = '2026-05-01';

export interface CasoRegla {
  /** A field key (the rule is chosen by it) and its label. */
  key: string;
  label: string;
  input: unknown;
  ok?: unknown;
  error?: string;
  /** The tipo de identificación beside the value (the document number's rule reads it). */
  tipo?: string;
}

/** The cases of one rule: `ok` is the value it keeps, none means the rule refuses with `error`. */
const regla =
  (key: string, label: string, error: string) =>
  (input: unknown, ok?: unknown): CasoRegla =>
    ok === undefined ? { key, label, input, error } : { key, label, input, ok };

const celular = regla('celular', 'Celular', 'Celular: debe tener 10 dígitos y empezar por 3');
const fijo = regla('telefono', 'Teléfono fijo', 'Teléfono fijo: debe tener 10 dígitos y empezar por 60, o quedar vacío');
const monto = regla('monto_solicitado', 'Monto solicitado', 'Monto solicitado: debe ser un valor en pesos mayor que cero, sin decimales');
const ingreso = regla('total_ingresos_mensuales', 'Total ingresos mensuales', 'Total ingresos mensuales: debe ser un valor en pesos de cero o más, sin decimales');
const plazo = regla('plazo_meses', 'Plazo (meses)', 'Plazo (meses): debe ser un número entero de meses entre 1 y 360');
const estrato = regla('estrato', 'Estrato', 'Estrato: debe ser un número entero del 1 al 6');
const personas = regla('personas_a_cargo', 'Personas a cargo', 'Personas a cargo: debe ser un número entero entre 0 y 20');
const correo = regla('correo', 'Correo electrónico', 'Correo electrónico: no es un correo electrónico válido');
const documento = regla('numero_documento', 'Número de documento', 'Número de documento: debe tener entre 3 y 15 dígitos, sin letras ni guiones');
const pasaporte = (input: unknown, ok?: unknown): CasoRegla => ({
  ...regla('numero_documento', 'Número de documento', 'Número de documento: el pasaporte debe tener entre 3 y 20 letras o números, sin espacios ni signos')(input, ok),
  tipo: 'PP',
});
const NOMBRE_MSG = ': usa solo letras, espacios, apóstrofo, guion o punto.';
const nombres = regla('nombres', 'Nombres', 'Nombres' + NOMBRE_MSG);
const apellido = regla('primer_apellido', 'Primer apellido', 'Primer apellido' + NOMBRE_MSG);
const segundo = regla('segundo_apellido', 'Segundo apellido', 'Segundo apellido' + NOMBRE_MSG);
const nacimiento = regla('fecha_nacimiento', 'Fecha de nacimiento', 'Fecha de nacimiento: el solicitante debe tener entre 18 y 100 años');

export const CASOS: readonly CasoRegla[] = [
  celular('3001234567', '3001234567'),
  celular('300 123 4567', '3001234567'),
  celular('300-123-4567', '3001234567'),
  celular(3157778899, '3157778899'),
  celular('2001234567'),
  celular('300123456'),
  celular('30012345678'),
  celular('300123456a'),
  celular('6012345678'),
  fijo('6012345678', '6012345678'),
  fijo('604 444 1234', '6044441234'),
  fijo('3001234567'),
  fijo('601234567'),
  fijo('1234567'),
  monto(180_000_000, 180_000_000),
  monto('180000000', 180_000_000),
  monto('180.000.000', 180_000_000),
  monto('$ 180.000.000', 180_000_000),
  monto(1, 1),
  monto(0),
  monto(-5),
  monto(1500.5),
  monto('1500,5'),
  monto('mucho'),
  // Up to cien mil millones; past it, a slip of the keyboard, said with the ceiling.
  monto(100_000_000_000, 100_000_000_000),
  { key: 'monto_solicitado', label: 'Monto solicitado', input: 100_000_000_001, error: 'Monto solicitado: no puede superar $ 100.000.000.000' },
  { key: 'monto_solicitado', label: 'Monto solicitado', input: '$ 999.999.999.999.999', error: 'Monto solicitado: no puede superar $ 100.000.000.000' },
  ingreso(0, 0),
  ingreso('3.500.000', 3_500_000),
  ingreso(-1),
  ingreso(2500.75),
  { key: 'total_ingresos_mensuales', label: 'Total ingresos mensuales', input: '200.000.000.000', error: 'Total ingresos mensuales: no puede superar $ 100.000.000.000' },
  plazo(1, 1),
  plazo('360', 360),
  plazo(36, 36),
  plazo(0),
  plazo(361),
  plazo(12.5),
  plazo('doce'),
  estrato(1, 1),
  estrato('6', 6),
  estrato(' 3 ', 3),
  estrato(0),
  estrato(7),
  estrato(9),
  estrato(-2),
  estrato(4.6),
  estrato('3,5'),
  estrato('tres'),
  personas(0, 0),
  personas('20', 20),
  personas(-3),
  personas(21),
  personas('2.5'),
  { key: 'numero_empleados', label: 'Número de empleados', input: '12', ok: 12 },
  { key: 'numero_empleados', label: 'Número de empleados', input: -1, error: 'Número de empleados: debe ser un número entero de cero o más' },
  correo('ana@correo.co', 'ana@correo.co'),
  correo('  ana.gil+1@correo.com.co ', 'ana.gil+1@correo.com.co'),
  correo('ana'),
  correo('ana@'),
  correo('ana@correo'),
  correo('ana @correo.co'),
  nacimiento('2008-05-01', '2008-05-01'),
  nacimiento('1925-05-02', '1925-05-02'),
  nacimiento('1990-04-12T00:00:00.000Z', '1990-04-12'),
  nacimiento('12/04/1990', '1990-04-12'),
  nacimiento('1/4/1990', '1990-04-01'),
  nacimiento('2008-05-02'),
  nacimiento('1925-05-01'),
  nacimiento('2030-01-01'),
  {
    key: 'fecha_nacimiento',
    label: 'Fecha de nacimiento',
    input: '1990-02-30',
    error: 'Fecha de nacimiento: debe ser una fecha válida (dd/mm/aaaa)',
  },
  documento('1045678901', '1045678901'),
  documento(' 1.045.678.901 ', '1045678901'),
  documento('52 123 456', '52123456'),
  documento('123', '123'),
  documento('123456789012345', '123456789012345'),
  documento(1045678901, '1045678901'),
  { ...documento('900123456', '900123456'), tipo: 'NIT' },
  { ...documento('1234567', '1234567'), tipo: 'CE' },
  documento('-1'),
  documento(-1),
  documento('12'),
  documento('1234567890123456'),
  documento('1'.repeat(200)),
  documento('CC1045678901'),
  documento('1045-678901'),
  { ...documento('800.197.268-4', '800197268'), tipo: 'NIT' },
  { ...documento('900123456-8', '900123456'), tipo: 'NIT' },
  { ...documento('900 123 456', '900123456'), tipo: 'NIT' },
  {
    key: 'numero_documento',
    label: 'Número de documento',
    input: '900123456-7',
    tipo: 'NIT',
    error: 'Número de documento: el dígito de verificación no corresponde a este NIT; revisa el número',
  },
  {
    key: 'numero_documento',
    label: 'Número de documento',
    input: '900123456-78',
    tipo: 'NIT',
    error: 'Número de documento: el NIT debe tener entre 3 y 15 dígitos, con o sin su dígito de verificación (800197268-4)',
  },
  {
    key: 'numero_documento',
    label: 'Número de documento',
    input: 'NIT900123456',
    tipo: 'NIT',
    error: 'Número de documento: el NIT debe tener entre 3 y 15 dígitos, con o sin su dígito de verificación (800197268-4)',
  },
  { ...documento('900123456-8'), tipo: 'CC' },
  { ...documento('AB123456'), tipo: 'TI' },
  pasaporte('AB123456', 'AB123456'),
  pasaporte(' pe1234567 ', 'pe1234567'),
  pasaporte('123', '123'),
  pasaporte('AB'),
  pasaporte('AB-123456'),
  pasaporte('AB 123456'),
  pasaporte('A'.repeat(21)),
  nombres('María José', 'María José'),
  nombres("  Ana   D'Alessandro ", "Ana D'Alessandro"),
  nombres('Ñusta Zoë', 'Ñusta Zoë'),
  nombres('Ma. Fernanda', 'Ma. Fernanda'),
  nombres('JOSÉ ÁNGEL', 'JOSÉ ÁNGEL'),
  nombres('Jose\u0301', 'Jose\u0301'),
  nombres('Aviso: actualice sus datos en https://bancolombia-validacion.example'),
  nombres('Llame al 300 123 4567'),
  nombres('Ana3'),
  nombres('ana@correo.co'),
  nombres('Ana/Pedro'),
  nombres('Ana\u202Eoiram'),
  nombres('Ana\u200BMaría'),
  nombres('Ana\u2028Banco nuevo'),
  nombres('Ana\tMaría'),
  nombres('Ana, Pedro'),
  nombres('- .'),
  nombres(12345),
  { key: 'nombres', label: 'Nombres', input: 'a'.repeat(61), error: 'Nombres: usa como máximo 60 caracteres.' },
  nombres('a'.repeat(60), 'a'.repeat(60)),
  apellido('Pérez-Gómez', 'Pérez-Gómez'),
  apellido("O'Neill", "O'Neill"),
  apellido('Güiza', 'Güiza'),
  apellido('Pérez 2'),
  apellido('Castro\u0007'),
  segundo('de la Hoz', 'de la Hoz'),
  segundo('www.x.co/login'),
  segundo('Ruiz:'),
];
