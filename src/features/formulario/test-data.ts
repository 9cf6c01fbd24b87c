/** Development helper: fills every visible field with plausible test data (never in production builds). */
import { citiesOf } from '../../domain/colombia';
import { parseListValues, type FieldDefinition } from '../../domain/field-definition';
import { specialOptionsFor } from '../../domain/listas';
import type { RegistroSchemas } from '../../domain/registro';
import { visibleFields } from '../../domain/schema-compiler';
import { DEFAULT_BANCOS, DEFAULT_CIUDADES } from '../../domain/colombia';
import { shownFields, type FormState, type SingleEntity, type Values } from './form-state';

const TEXT: Record<string, string> = {
  nombres: 'Camila Andrea',
  primer_apellido: 'Rojas',
  segundo_apellido: 'Pérez',
  numero_documento: '1045678901',
  correo: 'camila.rojas@correo.co',
  celular: '3004567890',
  telefono: '6053456789',
  direccion_residencia: 'Calle 72 # 45-10',
  nombre: 'Jorge Rojas',
  direccion: 'Carrera 50 # 80-12',
};

function valueFor(field: FieldDefinition, values: Values): unknown {
  const options =
    parseListValues(field.list_values).enum ??
    specialOptionsFor(field.key, { values, ciudades: DEFAULT_CIUDADES, bancos: DEFAULT_BANCOS });
  if (field.key.includes('ciudad') && typeof values.departamento_residencia === 'string') {
    return citiesOf(values.departamento_residencia)[0];
  }
  if (options?.length) return options[0];
  switch (field.type) {
    case 'number':
      return field.key.includes('monto') ? '25000000' : '2500000';
    case 'integer':
      return field.key.includes('plazo') ? '36' : '2';
    case 'boolean':
      return false;
    case 'date':
      return field.key === 'fecha_nacimiento' ? '1990-06-15' : '2020-01-15';
    case 'file':
    case 'object':
      return undefined;
    default:
      return TEXT[field.key] ?? `Prueba ${field.key.replace(/_/g, ' ')}`;
  }
}

function fill(fields: readonly FieldDefinition[], values: Values): Values {
  let next = { ...values };
  // Two passes, so fields that depend on a value filled in the first pass are filled too.
  for (let pass = 0; pass < 2; pass++) {
    for (const f of visibleFields(fields, next)) {
      if (next[f.key] === undefined || next[f.key] === '') {
        const v = valueFor(f, next);
        if (v !== undefined) next = { ...next, [f.key]: v };
      }
    }
  }
  return next;
}

export function fillTestData(state: FormState, schemas: RegistroSchemas): FormState {
  const values = { ...state.values };
  for (const entity of Object.keys(values) as SingleEntity[]) {
    values[entity] = fill(shownFields(entity, schemas), values[entity]);
  }
  return {
    ...state,
    values,
    referencias: state.referencias.map((r) => ({ ...r, datos: fill(schemas.referencia, r.datos) })),
  };
}
