/** Vocabulary for demo and benchmark data: Colombian names, cities, banks and field schemas. */
import { LINEAS_CREDITO } from '../../../src/domain/listas';

export const NOMBRES = [
  'Juan', 'María', 'Carlos', 'Ana', 'Luis', 'Laura', 'Andrés', 'Valentina', 'Jorge', 'Camila',
  'Santiago', 'Daniela', 'Felipe', 'Natalia', 'Diego', 'Paula', 'Sebastián', 'Carolina', 'Alejandro',
  'Juliana', 'Óscar', 'Mónica', 'Héctor', 'Sofía', 'Ricardo', 'Lucía', 'Mauricio', 'Isabel',
  'Fernando', 'Ángela', 'Julián', 'Diana', 'Camilo', 'Marcela', 'Esteban', 'Yolanda',
];
export const APELLIDOS = [
  'Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez',
  'Ramírez', 'Pérez', 'Díaz', 'Muñoz', 'Rojas', 'Moreno', 'Jiménez', 'Vargas', 'Castro', 'Ortiz',
  'Rubio', 'Suárez', 'Romero', 'Herrera', 'Valencia', 'Quintero', 'Restrepo', 'Ospina', 'Cárdenas',
  'Zapata', 'Londoño', 'Mejía', 'Arango', 'Salazar', 'Peña', 'Cortés', 'Guerrero', 'Acosta',
];
export const CIUDADES: Array<[ciudad: string, departamento: string]> = [
  ['Bogotá', 'Bogotá D.C.'],
  ['Medellín', 'Antioquia'],
  ['Cali', 'Valle del Cauca'],
  ['Barranquilla', 'Atlántico'],
  ['Cartagena', 'Bolívar'],
  ['Bucaramanga', 'Santander'],
  ['Pereira', 'Risaralda'],
  ['Manizales', 'Caldas'],
  ['Santa Marta', 'Magdalena'],
  ['Villavicencio', 'Meta'],
  ['Ibagué', 'Tolima'],
  ['Cúcuta', 'Norte de Santander'],
];
export const BANCOS = [
  'Bancolombia',
  'Banco de Bogotá',
  'BBVA',
  'Davivienda',
  'Banco de Occidente',
  'Lulo bank',
  'Nu Bank',
];
export const BARRIOS = ['Chapinero', 'El Poblado', 'San Fernando', 'El Prado', 'Cabecera', 'Laureles', 'Cedritos', 'Granada', 'Bocagrande', 'Envigado Centro'];
export const SECTORES = ['Tecnología', 'Finanzas', 'Salud', 'Educación', 'Comercio', 'Manufactura', 'Servicios', 'Construcción', 'Agricultura'];
export const CARGOS = ['Analista', 'Ingeniero de software', 'Contador', 'Docente', 'Enfermera jefe', 'Administrador', 'Vendedor', 'Conductor', 'Médico general', 'Técnico electricista'];
export const EMPRESAS = ['Ecopetrol', 'Grupo Éxito', 'Alpina', 'Avianca', 'Claro Colombia', 'Postobón', 'Cementos Argos', 'Nutresa', 'Colsubsidio', 'Terpel'];
export const CONTRATOS = ['Indefinido', 'Término Fijo', 'Prestación de Servicios', 'Obra o Labor'];
export const ACTIVIDADES = ['Empleado', 'Independiente', 'Pensionado'];
export const TIPOS_CREDITO = ['hipotecario', 'vehicular', 'libre inversión', 'consumo'];
export const ESTADO_PESOS: Array<[estado: string, peso: number]> = [
  ['Pendiente', 30],
  ['En estudio', 25],
  ['Pendiente información adicional', 12],
  ['Aprobado', 20],
  ['Desembolsado', 15],
  ['Pagado', 8],
  ['Negado', 12],
  ['Desistido', 6],
];

type Def = {
  key: string;
  type: string;
  required?: boolean;
  description?: string;
  order_index?: number;
  list_values?: unknown;
  conditional_on?: { field: string; value: unknown } | null;
  default_value?: unknown;
};

/** The dynamic fields every demo company starts with, per entity and JSON column. */
export const DEMO_DEFINITIONS: Array<{ entity: string; json_column: string; fields: Def[] }> = [
  {
    entity: 'solicitante',
    json_column: 'info_extra',
    fields: [
      { key: 'celular', type: 'string', required: true, description: 'Celular' },
      { key: 'telefono', type: 'string', description: 'Teléfono fijo' },
      { key: 'estado_civil', type: 'array', description: 'Estado civil', list_values: { enum: ['Soltero', 'Casado', 'Unión Libre', 'Divorciado', 'Viudo'] } },
      { key: 'personas_a_cargo', type: 'integer', description: 'Personas a cargo' },
      { key: 'nivel_estudio', type: 'array', description: 'Nivel de estudio', list_values: { enum: ['Bachiller', 'Técnico', 'Tecnólogo', 'Profesional', 'Posgrado'] } },
      { key: 'profesion', type: 'string', description: 'Profesión' },
      { key: 'nacionalidad', type: 'string', description: 'Nacionalidad', default_value: 'Colombiana' },
    ],
  },
  {
    entity: 'ubicacion',
    json_column: 'detalle_direccion',
    fields: [
      { key: 'direccion_residencia', type: 'string', required: true, description: 'Dirección de residencia' },
      { key: 'tipo_vivienda', type: 'array', description: 'Tipo de vivienda', list_values: { enum: ['Propia', 'Arrendada', 'Familiar'] } },
      { key: 'paga_arriendo', type: 'boolean', description: '¿Paga arriendo?' },
      { key: 'valor_arriendo', type: 'number', description: 'Valor del arriendo', conditional_on: { field: 'paga_arriendo', value: true } },
    ],
  },
  {
    entity: 'actividad_economica',
    json_column: 'detalle_actividad',
    fields: [
      { key: 'tipo_actividad_economica', type: 'array', required: true, description: 'Tipo de actividad económica', list_values: { enum: ['Empleado', 'Independiente', 'Pensionado'] } },
      { key: 'empresa', type: 'string', description: 'Empresa donde trabaja', conditional_on: { field: 'tipo_actividad_economica', value: 'Empleado' } },
      { key: 'cargo', type: 'string', description: 'Cargo', conditional_on: { field: 'tipo_actividad_economica', value: 'Empleado' } },
      { key: 'fecha_ingreso', type: 'date', description: 'Fecha de ingreso', conditional_on: { field: 'tipo_actividad_economica', value: 'Empleado' } },
      { key: 'nombre_negocio', type: 'string', description: 'Nombre del negocio', conditional_on: { field: 'tipo_actividad_economica', value: 'Independiente' } },
      { key: 'fondo_pension', type: 'string', description: 'Fondo de pensión', conditional_on: { field: 'tipo_actividad_economica', value: 'Pensionado' } },
    ],
  },
  {
    entity: 'informacion_financiera',
    json_column: 'detalle_financiera',
    fields: [
      { key: 'ingreso_basico_mensual', type: 'number', required: true, description: 'Ingreso básico mensual' },
      { key: 'ingreso_variable_mensual', type: 'number', description: 'Ingreso variable mensual' },
      { key: 'otros_ingresos_mensuales', type: 'number', description: 'Otros ingresos mensuales' },
      { key: 'gastos_personales_mensuales', type: 'number', description: 'Gastos personales mensuales' },
      { key: 'declara_renta', type: 'boolean', description: '¿Declara renta?' },
    ],
  },
  {
    entity: 'referencia',
    json_column: 'detalle_referencia',
    fields: [
      { key: 'nombre', type: 'string', required: true, description: 'Nombre completo' },
      { key: 'celular', type: 'string', description: 'Celular' },
      { key: 'relacion', type: 'string', description: 'Relación' },
      { key: 'direccion', type: 'string', description: 'Dirección' },
      { key: 'ciudad', type: 'string', description: 'Ciudad' },
    ],
  },
  {
    entity: 'solicitud',
    json_column: 'detalle_credito',
    fields: [
      { key: 'tipo_credito', type: 'array', required: true, description: 'Tipo de crédito', list_values: { enum: [...LINEAS_CREDITO] } },
      { key: 'monto_solicitado', type: 'number', required: true, description: 'Monto solicitado' },
      { key: 'plazo_meses', type: 'integer', required: true, description: 'Plazo en meses' },
      { key: 'destino_credito', type: 'array', description: 'Destino del crédito', list_values: { enum: ['Vivienda', 'Vehículo', 'Educación', 'Negocio', 'Consumo', 'Viajes', 'Salud', 'Otro'] } },
      { key: 'cuota_inicial', type: 'number', description: 'Cuota inicial' },
    ],
  },
];
