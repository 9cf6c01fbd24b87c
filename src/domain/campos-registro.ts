/**
 * The fields of 'Editar Registro' (issue 29: editing covers everything that was captured): for each
 * entity, the creation form's fields (table columns + the company's active definitions, in their
 * order_index, src/domain/campos-fijos.ts), then the fields of the spec's complete record (spec 01
 * §3) the company did not define, then, in 'Editar Registro' only, any other key the record holds.
 * A company definition always wins over a built-in field of the same key (its label, type,
 * condition, validation). Each field is stored at one editable path of src/domain/solicitud.ts.
 * Pure: shared by the device and by the server's tests.
 */
import { ENTITY_COLUMNS } from './campos-fijos';
import { ENTITY_JSON_COLUMNS, type FieldDefinition, type FieldType, type FormEntity } from './field-definition';
import { ESTADOS_CIVILES } from './listas';
import type { RegistroSchemas } from './registro';
import { etiquetaDeCampo } from './validacion';

/** The entities of the record edited through `solicitud.editar` (references have their own mutations). */
export const EDIT_ENTITIES = ['solicitante', 'ubicacion', 'actividad_economica', 'informacion_financiera', 'solicitud'] as const;
export type EditEntity = (typeof EDIT_ENTITIES)[number];

/** Built-in fields come after the company's (whose order_index starts at 1). */
const BUILT_IN_ORDER = 1000;

const f = (key: string, type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key,
  type,
  required: false,
  description: etiquetaDeCampo(key),
  ...extra,
});
const when = (tipo: string) => ({ conditional_on: { field: 'tipo_actividad_economica', value: tipo } });
const money = (key: string) => f(key, 'number');

/**
 * The spec's complete record, beyond the table columns (spec 01 §3). Fields of detalle_actividad
 * that belong to one kind of activity show only for it (src/domain/actividad.ts), so changing the
 * activity clears them, as the spec asks.
 */
const SPEC_FIELDS: Record<FormEntity, readonly FieldDefinition[]> = {
  solicitante: [
    f('celular', 'string'),
    f('telefono', 'string'),
    f('estado_civil', 'array', { list_values: { enum: [...ESTADOS_CIVILES] } }),
    f('personas_a_cargo', 'integer'),
    f('nacionalidad', 'string'),
  ],
  ubicacion: [f('direccion_residencia', 'string')],
  actividad_economica: [
    f('codigo_ciiu', 'string'),
    f('nit', 'string'),
    f('departamento_empresa', 'string'),
    f('ciudad_empresa', 'string'),
    f('telefono_empresa', 'string'),
    f('correo_oficina', 'string'),
    f('empresa', 'string', when('Empleado')),
    f('cargo', 'string', when('Empleado')),
    f('direccion_empresa', 'string', when('Empleado')),
    f('fecha_ingreso', 'date', when('Empleado')),
    f('tiene_negocio_propio', 'boolean', when('Independiente')),
    f('nombre_negocio', 'string', when('Independiente')),
    f('direccion_negocio', 'string', when('Independiente')),
    f('departamento_negocio', 'string', when('Independiente')),
    f('ciudad_negocio', 'string', when('Independiente')),
    f('numero_empleados', 'integer', when('Independiente')),
    f('fondo_pension', 'string', when('Pensionado')),
  ],
  informacion_financiera: [
    money('ingreso_basico_mensual'),
    money('ingreso_variable_mensual'),
    money('otros_ingresos_mensuales'),
    money('ingresos_fijos_pension'),
    money('ingresos_por_ventas'),
    money('ingresos_varios'),
    money('honorarios'),
    money('arriendos'),
    money('ingresos_actividad_independiente'),
    money('gastos_personales_mensuales'),
    money('gastos_financieros_mensuales'),
    f('declara_renta', 'boolean'),
  ],
  referencia: [
    f('nombre', 'string'),
    f('celular', 'string'),
    f('relacion', 'string'),
    f('direccion', 'string'),
    f('ciudad', 'string'),
  ],
  solicitud: [f('tipo_credito', 'string'), money('monto_solicitado'), f('plazo_meses', 'integer')],
};

/**
 * Keys stored twice: the activity type (column and detalle_actividad) and the credit type (column
 * and detalle_credito), as the creation form stores them. The form shows one field; an edit writes both.
 */
export const MIRRORED: Partial<Record<FormEntity, readonly [string, string]>> = {
  actividad_economica: ['tipo_actividad', 'tipo_actividad_economica'],
};

/** The fields of an entity in 'Editar Registro': the creation form's, then the spec's others. */
export function editFields(entity: FormEntity, schemas: RegistroSchemas): FieldDefinition[] {
  let company = [...schemas[entity]];
  // As in the creation form: a company activity-type field replaces the built-in column, and leads.
  if (entity === 'actividad_economica' && company.some((x) => x.key === 'tipo_actividad_economica')) {
    company = [...company.filter((x) => x.key === 'tipo_actividad_economica'), ...company.filter((x) => x.key !== 'tipo_actividad' && x.key !== 'tipo_actividad_economica')];
  }
  const taken = new Set(company.map((x) => x.key));
  const mirror = MIRRORED[entity];
  if (mirror && (taken.has(mirror[0]) || taken.has(mirror[1]))) mirror.forEach((k) => taken.add(k));
  const extra = SPEC_FIELDS[entity]
    .filter((x) => !taken.has(x.key))
    .map((x, i) => ({ ...x, order_index: BUILT_IN_ORDER + i }));
  return [...company, ...extra];
}

/** The editable path of an entity's key: its table column, or the key inside its JSON column. */
export function pathOf(entity: EditEntity, key: string): string {
  const column = ENTITY_COLUMNS[entity].some((c) => c.key === key);
  return column ? `${entity}.${key}` : `${entity}.${ENTITY_JSON_COLUMNS[entity]}.${key}`;
}

/** The keys of the entity's spec fields, for tests that check every one of them can be saved. */
export function specFieldKeys(entity: FormEntity): string[] {
  return SPEC_FIELDS[entity].map((x) => x.key);
}
