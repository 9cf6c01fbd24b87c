import { describe, expect, it } from 'vitest';
import { registroSchemas } from '../../domain/campos-fijos';
import type { SolicitudRecord } from '../../domain/solicitud';
import { setPath } from '../../db/mutators';
import { recordEdit } from './record-changes';
import { recordFields, toEditValues, type EditValues } from './record-values';

const ID = '0190a0a0-0000-7000-8000-000000000001';
const TODAY = '2026-01-15';

/** Company definitions like the demo's: a required cell, a conditional company, a configured list. */
const DEFS = [
  { id: 1, entity: 'solicitante', json_column: 'info_extra', key: 'celular', type: 'string', required: true, description: 'Celular', order_index: 1 },
  { id: 2, entity: 'solicitante', json_column: 'info_extra', key: 'nivel_estudio', type: 'array', description: 'Nivel de estudio', order_index: 2, list_values: { enum: ['Bachiller', 'Profesional'] } },
  { id: 3, entity: 'actividad_economica', json_column: 'detalle_actividad', key: 'tipo_actividad_economica', type: 'array', required: true, description: 'Tipo de actividad económica', order_index: 1, list_values: { enum: ['Empleado', 'Independiente', 'Pensionado'] } },
  { id: 4, entity: 'actividad_economica', json_column: 'detalle_actividad', key: 'empresa', type: 'string', description: 'Empresa donde trabaja', order_index: 2, conditional_on: { field: 'tipo_actividad_economica', value: 'Empleado' } },
  { id: 5, entity: 'solicitud', json_column: 'detalle_credito', key: 'tipo_credito', type: 'array', required: true, description: 'Tipo de crédito', order_index: 1, list_values: { enum: ['hipotecario', 'vehicular', 'consumo'] } },
  { id: 6, entity: 'referencia', json_column: 'detalle_referencia', key: 'nombre', type: 'string', required: true, description: 'Nombre completo', order_index: 1 },
  { id: 7, entity: 'referencia', json_column: 'detalle_referencia', key: 'celular', type: 'string', description: 'Celular', order_index: 2 },
];

function sample(): SolicitudRecord {
  const at = '2025-03-10T15:00:00.000Z';
  return {
    id: ID,
    solicitante: {
      id: 's1',
      nombres: 'José',
      primer_apellido: 'Pérez',
      segundo_apellido: null,
      correo: 'jose@example.co',
      numero_documento: '1020304050',
      tipo_identificacion: 'CC',
      fecha_nacimiento: '1990-04-05',
      genero: 'M',
      // An old record: no cell (now required), an implausible phone kept as it was, a key no field names.
      info_extra: { telefono: '123', nota_antigua: 'Cliente referido' },
    },
    ubicacion: { id: 'u1', ciudad_residencia: 'Cali', departamento_residencia: 'Valle del Cauca', barrio: 'San Fernando', estrato: 3, detalle_direccion: { direccion_residencia: 'Calle 5 # 1-2' } },
    actividad_economica: {
      id: 'a1',
      tipo_actividad: 'Empleado',
      sector_economico: 'Salud',
      cargo_actual: null,
      tipo_contrato: 'Indefinido',
      detalle_actividad: { tipo_actividad_economica: 'Empleado', empresa: 'Alpina', codigo_ciiu: '8610' },
    },
    informacion_financiera: {
      id: 'f1',
      total_ingresos_mensuales: 5_000_000,
      total_egresos_mensuales: 2_000_000,
      total_activos: null,
      total_pasivos: null,
      detalle_financiera: { ingreso_basico_mensual: 5_000_000, declara_renta: false },
    },
    solicitud: {
      id: ID,
      estado: 'Pendiente',
      banco_nombre: 'BBVA',
      ciudad_solicitud: 'Cali',
      tipo_credito: 'hipotecario',
      detalle_credito: { tipo_credito: 'hipotecario', monto_solicitado: 180_000_000, plazo_meses: 240, credito_hipotecario: { valor_inmueble: 250_000_000 } },
      preferencias_notificacion: { email: true, sms: false },
      radicado: 'RAD-1',
      created_by_user_id: 1,
      assigned_to_user_id: null,
      created_at: at,
      updated_at: at,
    },
    referencias: [{ id: 'r1', tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Ana Ruiz', celular: '3001234567', relacion: 'Madre' } }],
    observaciones: [],
    documentos: [],
  };
}

function setup(rec = sample()) {
  const fields = recordFields(rec, registroSchemas(DEFS));
  const initial = toEditValues(rec, fields);
  const edit = (fn: (v: EditValues) => void) => {
    const values = structuredClone(initial);
    fn(values);
    return recordEdit(rec, fields, values, initial, TODAY);
  };
  return { rec, fields, initial, edit };
}

const keys = (fields: readonly { key: string }[]) => fields.map((f) => f.key);

describe('the fields of Editar Registro', () => {
  it("are the creation form's, then the spec's complete record, then what else the record holds", () => {
    const { fields } = setup();
    const sol = keys(fields.entities.solicitante);
    // Columns, then the company's definitions in their order, then the spec's record, then leftovers.
    expect(sol.slice(0, 10)).toEqual(['nombres', 'primer_apellido', 'segundo_apellido', 'tipo_identificacion', 'numero_documento', 'fecha_nacimiento', 'genero', 'correo', 'celular', 'nivel_estudio']);
    expect(sol).toEqual(expect.arrayContaining(['telefono', 'estado_civil', 'personas_a_cargo', 'nacionalidad']));
    expect(sol.at(-1)).toBe('nota_antigua');
    // The company's definition wins over the built-in field of the same key.
    expect(fields.entities.solicitante.find((f) => f.key === 'celular')).toMatchObject({ required: true, order_index: 1 });
    expect(sol.filter((k) => k === 'celular')).toHaveLength(1);
  });

  it('cover the complete record of spec 01 §3 and each credit kind', () => {
    const { fields } = setup();
    expect(keys(fields.entities.actividad_economica)).toEqual(
      expect.arrayContaining(['tipo_actividad_economica', 'sector_economico', 'codigo_ciiu', 'nit', 'departamento_empresa', 'ciudad_empresa', 'telefono_empresa', 'correo_oficina', 'empresa', 'cargo', 'tipo_contrato', 'direccion_empresa', 'tiene_negocio_propio', 'nombre_negocio', 'direccion_negocio', 'departamento_negocio', 'ciudad_negocio', 'numero_empleados']),
    );
    // The company's own activity field replaces the built-in column, as in the creation form.
    expect(keys(fields.entities.actividad_economica)).not.toContain('tipo_actividad');
    expect(keys(fields.entities.informacion_financiera)).toEqual(
      expect.arrayContaining(['ingresos_fijos_pension', 'ingresos_por_ventas', 'ingresos_varios', 'honorarios', 'arriendos', 'ingresos_actividad_independiente', 'declara_renta']),
    );
    expect(keys(fields.entities.solicitud)).toEqual(expect.arrayContaining(['banco_nombre', 'ciudad_solicitud', 'tipo_credito', 'monto_solicitado', 'plazo_meses']));
    expect(keys(fields.credito.credito_hipotecario)).toContain('valor_inmueble');
    expect(keys(fields.credito.credito_vehicular)).toContain('valor_vehiculo');
    for (const kind of ['credito_libre_inversion', 'credito_consumo', 'detalle_generico'] as const) expect(fields.credito[kind].length).toBeGreaterThan(0);
  });

  it("ask a credit kind's field once when the company's credit fields already ask it, unless the kind holds a value for it", () => {
    const rec = sample();
    const withCuota = [...DEFS, { id: 10, entity: 'solicitud', json_column: 'detalle_credito', key: 'cuota_inicial', type: 'number', description: 'Cuota inicial', order_index: 5 }];
    const f = recordFields(rec, registroSchemas(withCuota));
    expect(keys(f.entities.solicitud)).toContain('cuota_inicial');
    expect(keys(f.credito.credito_hipotecario)).not.toContain('cuota_inicial');
    expect(keys(f.credito.credito_vehicular)).not.toContain('cuota_inicial');
    expect(keys(f.credito.credito_hipotecario)).toContain('valor_inmueble');
    (rec.solicitud.detalle_credito.credito_hipotecario as Record<string, unknown>).cuota_inicial = 50_000_000;
    expect(keys(recordFields(rec, registroSchemas(withCuota)).credito.credito_hipotecario)).toContain('cuota_inicial');
  });

  it('include a field added in the configuration as soon as its definition is on the device', () => {
    const rec = sample();
    const added = [...DEFS, { id: 9, entity: 'informacion_financiera', json_column: 'detalle_financiera', key: 'cuenta_ahorros', type: 'boolean', description: '¿Tiene cuenta de ahorros?', order_index: 1 }];
    expect(keys(recordFields(rec, registroSchemas(DEFS)).entities.informacion_financiera)).not.toContain('cuenta_ahorros');
    expect(keys(recordFields(rec, registroSchemas(added)).entities.informacion_financiera)).toContain('cuenta_ahorros');
  });
});

describe('the form values of a record', () => {
  it('hold every stored value by key, booleans as booleans, the two activity keys as one', () => {
    const { initial } = setup();
    expect(initial.solicitante).toMatchObject({ nombres: 'José', celular: '', telefono: '123', nota_antigua: 'Cliente referido', genero: 'M' });
    expect(initial.actividad_economica).toMatchObject({ tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado', empresa: 'Alpina', codigo_ciiu: '8610', tipo_contrato: 'Indefinido' });
    expect(initial.informacion_financiera).toMatchObject({ total_ingresos_mensuales: 5_000_000, ingreso_basico_mensual: 5_000_000, declara_renta: false, honorarios: '' });
    expect(initial.solicitud).toMatchObject({ tipo_credito: 'hipotecario', monto_solicitado: 180_000_000, plazo_meses: 240, banco_nombre: 'BBVA' });
    expect(initial.credito).toMatchObject({ valor_inmueble: 250_000_000, cuota_inicial: '' });
    expect(initial.referencias).toEqual([{ id: 'r1', isNew: false, eliminada: false, datos: expect.objectContaining({ tipo_referencia: 'familiar', nombre: 'Ana Ruiz', relacion: 'Madre' }) }]);
  });
});

describe('recordEdit', () => {
  it('saves nothing when nothing changed, though an old value breaks a rule and a now-required field is empty', () => {
    const { edit } = setup();
    const r = edit(() => undefined);
    expect(r).toEqual({ ok: true, edit: { changes: {}, base: {}, references: { add: [], edit: [], remove: [] }, bankChanged: false, documento: null } });
  });

  it('sends each changed field at its path with the value the user saw, nested JSON keys included', () => {
    const { edit } = setup();
    const r = edit((v) => {
      v.solicitante.nombres = 'Josefina';
      v.solicitante.nivel_estudio = 'Profesional';
      v.actividad_economica.codigo_ciiu = '8621';
      v.actividad_economica.nit = '900123456-7';
      v.informacion_financiera.honorarios = 1_200_000;
      v.informacion_financiera.declara_renta = true;
      v.solicitud.banco_nombre = 'Davivienda';
      v.solicitud.monto_solicitado = 190_000_000;
      v.preferencias.sms = true;
    });
    expect(r.ok && r.edit.changes).toEqual({
      'solicitante.nombres': 'Josefina',
      'solicitante.info_extra.nivel_estudio': 'Profesional',
      'actividad_economica.detalle_actividad.codigo_ciiu': '8621',
      'actividad_economica.detalle_actividad.nit': '900123456-7',
      'informacion_financiera.detalle_financiera.honorarios': 1_200_000,
      'informacion_financiera.detalle_financiera.declara_renta': true,
      'solicitud.banco_nombre': 'Davivienda',
      'solicitud.detalle_credito.monto_solicitado': 190_000_000,
      'solicitud.preferencias_notificacion': { email: true, sms: true },
    });
    expect(r.ok && r.edit.base).toMatchObject({
      'solicitante.nombres': 'José',
      'solicitante.info_extra.nivel_estudio': null,
      'informacion_financiera.detalle_financiera.declara_renta': false,
      'solicitud.detalle_credito.monto_solicitado': 180_000_000,
    });
    expect(r.ok && r.edit.bankChanged).toBe(true);
  });

  it('judges what changed with the creation form compiler, naming fields by their labels', () => {
    const { edit } = setup();
    const r = edit((v) => {
      v.solicitante.telefono = '555';
      v.solicitante.nivel_estudio = 'Doctorado';
      v.informacion_financiera.honorarios = '12,5';
      v.solicitud.plazo_meses = '0';
    });
    expect(r).toEqual({
      ok: false,
      fields: {
        'solicitante.telefono': 'Teléfono fijo: debe tener 10 dígitos y empezar por 60, o quedar vacío',
        'solicitante.nivel_estudio': 'Nivel de estudio: opción no permitida',
        'informacion_financiera.honorarios': 'Honorarios: debe ser un valor en pesos de cero o más, sin decimales',
        'solicitud.plazo_meses': 'Plazo (meses): debe ser un número entero de meses entre 1 y 360',
      },
    });
  });

  it('refuses to clear a required field, but not to leave one that was empty', () => {
    const { edit } = setup();
    expect(edit((v) => (v.solicitante.nombres = '  '))).toEqual({ ok: false, fields: { 'solicitante.nombres': 'El nombre es obligatorio' } });
    expect(edit((v) => (v.solicitante.correo = ''))).toEqual({ ok: false, fields: { 'solicitante.correo': 'Correo electrónico: este campo es obligatorio' } });
    const filled = edit((v) => (v.solicitante.celular = '310 555 1234'));
    expect(filled.ok && filled.edit.changes).toEqual({ 'solicitante.info_extra.celular': '3105551234' });
  });

  it('writes the activity type in both places and clears the fields that only applied to the previous one', () => {
    const { edit } = setup();
    const r = edit((v) => {
      v.actividad_economica.tipo_actividad_economica = 'Independiente';
      v.actividad_economica.tipo_actividad = 'Independiente';
    });
    expect(r.ok && r.edit.changes).toEqual({
      'actividad_economica.detalle_actividad.tipo_actividad_economica': 'Independiente',
      'actividad_economica.tipo_actividad': 'Independiente',
      'actividad_economica.detalle_actividad.empresa': null,
    });
  });

  it('edits a field of the credit kind at its own path', () => {
    const { edit } = setup();
    const r = edit((v) => {
      v.credito.valor_inmueble = 260_000_000;
      v.credito.tipo_inmueble = 'Apartamento';
    });
    expect(r.ok && r.edit.changes).toEqual({
      'solicitud.detalle_credito.credito_hipotecario.valor_inmueble': 260_000_000,
      'solicitud.detalle_credito.credito_hipotecario.tipo_inmueble': 'Apartamento',
    });
    expect(r.ok && r.edit.base).toEqual({
      'solicitud.detalle_credito.credito_hipotecario.valor_inmueble': 250_000_000,
      'solicitud.detalle_credito.credito_hipotecario.tipo_inmueble': null,
    });
    expect(edit((v) => (v.credito.valor_inmueble = 0))).toEqual({ ok: false, fields: { 'credito.valor_inmueble': 'Valor del inmueble: debe ser un valor en pesos mayor que cero, sin decimales' } });
    expect(edit((v) => (v.credito.valor_inmueble = 200_000_000_000))).toEqual({ ok: false, fields: { 'credito.valor_inmueble': 'Valor del inmueble: no puede superar $ 100.000.000.000' } });
  });

  it('replaces the credit sub-object when the credit type changes kind (spec 01 §4)', () => {
    const { rec, edit } = setup();
    const r = edit((v) => {
      v.solicitud.tipo_credito = 'vehicular';
      v.credito = { marca: 'Mazda', valor_vehiculo: 90_000_000 };
    });
    expect(r.ok && r.edit.changes).toEqual({
      'solicitud.detalle_credito.tipo_credito': 'vehicular',
      'solicitud.tipo_credito': 'vehicular',
      'solicitud.detalle_credito.credito_hipotecario': null,
      'solicitud.detalle_credito.credito_vehicular': { marca: 'Mazda', valor_vehiculo: 90_000_000 },
    });
    // Applied as the device's mutator (and the server, through the same function) applies it.
    let after = rec;
    for (const [path, value] of Object.entries(r.ok ? r.edit.changes : {})) after = setPath(after, path, value);
    expect(after.solicitud.detalle_credito).toEqual({
      tipo_credito: 'vehicular',
      monto_solicitado: 180_000_000,
      plazo_meses: 240,
      credito_vehicular: { marca: 'Mazda', valor_vehiculo: 90_000_000 },
    });
    expect(after.solicitud.tipo_credito).toBe('vehicular');
  });

  it('a reference marked Eliminar is removed on save, unjudged and unedited; a new one so marked is not added', () => {
    const { edit } = setup();
    const r = edit((v) => {
      v.referencias[0].datos.celular = '123';
      v.referencias[0].eliminada = true;
      v.referencias.push({ id: 'r2', isNew: true, eliminada: true, datos: { tipo_referencia: 'personal', nombre: 'Gloria Estrada' } });
    });
    // With its base: the reference as this device last saw it (the server refuses to delete a newer edit).
    expect(r.ok && r.edit.references).toEqual({
      add: [],
      edit: [],
      remove: [{ referenciaId: 'r1', base: { tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Ana Ruiz', celular: '3001234567', relacion: 'Madre' } } }],
    });
    // Taken back ('No eliminar'): nothing to remove.
    const kept = edit((v) => {
      v.referencias[0].eliminada = false;
    });
    expect(kept.ok && kept.edit.references).toEqual({ add: [], edit: [], remove: [] });
  });

  it('adds filled references, skips empty ones, and edits only the changed keys of existing ones', () => {
    const { edit } = setup();
    const r = edit((v) => {
      v.referencias[0].datos.celular = '3109998877';
      v.referencias.push({ id: 'r2', isNew: true, datos: { tipo_referencia: 'personal', nombre: 'Gloria Estrada', celular: '3157778899' } });
      v.referencias.push({ id: 'r3', isNew: true, datos: { tipo_referencia: 'personal' } });
    });
    expect(r.ok && r.edit.references).toEqual({
      add: [{ referenciaId: 'r2', tipo_referencia: 'personal', detalle_referencia: { nombre: 'Gloria Estrada', celular: '3157778899' } }],
      // With its base: the value this device last saw of each changed key.
      edit: [{ referenciaId: 'r1', detalle_referencia: { celular: '3109998877' }, base: { detalle_referencia: { celular: '3001234567' } } }],
      remove: [],
    });
    const bad = edit((v) => v.referencias.push({ id: 'r4', isNew: true, datos: { tipo_referencia: 'personal', celular: '123' } }));
    expect(bad).toEqual({
      ok: false,
      fields: { 'referencias.1.datos.nombre': 'Nombre completo: este campo es obligatorio', 'referencias.1.datos.celular': 'Celular: debe tener 10 dígitos y empezar por 3' },
    });
  });

  it('names the document when the edit changes it', () => {
    const { edit } = setup();
    const r = edit((v) => (v.solicitante.numero_documento = ' 99887766 '));
    expect(r.ok && r.edit.documento).toEqual({ tipo: 'CC', numero: '99887766' });
  });

  it('takes a NIT with its check digit, checks that digit and names the number as it is stored', () => {
    const { edit } = setup();
    const nit = edit((v) => {
      v.solicitante.tipo_identificacion = 'NIT';
      v.solicitante.numero_documento = '800.197.268-4';
    });
    expect(nit.ok && nit.edit.changes).toEqual({ 'solicitante.tipo_identificacion': 'NIT', 'solicitante.numero_documento': '800197268' });
    // The duplicate check looks for the stored number, not the typed one.
    expect(nit.ok && nit.edit.documento).toEqual({ tipo: 'NIT', numero: '800197268' });
    const slip = edit((v) => {
      v.solicitante.tipo_identificacion = 'NIT';
      v.solicitante.numero_documento = '800197268-5';
    });
    expect(slip).toEqual({
      ok: false,
      fields: { 'solicitante.numero_documento': 'Número de documento: el dígito de verificación no corresponde a este NIT; revisa el número' },
    });
  });

  it('refuses an implausible document number, and judges the kept one again when the type of document changes', () => {
    const { edit } = setup();
    const DIGITOS = 'Número de documento: debe tener entre 3 y 15 dígitos, sin letras ni guiones';
    expect(edit((v) => (v.solicitante.numero_documento = '-1'))).toEqual({ ok: false, fields: { 'solicitante.numero_documento': DIGITOS } });
    expect(edit((v) => (v.solicitante.numero_documento = '9'.repeat(200)))).toEqual({ ok: false, fields: { 'solicitante.numero_documento': DIGITOS } });
    const dotted = edit((v) => (v.solicitante.numero_documento = '1.045.678.901'));
    expect(dotted.ok && dotted.edit.changes).toEqual({ 'solicitante.numero_documento': '1045678901' });
    const pasaporte = edit((v) => {
      v.solicitante.tipo_identificacion = 'PP';
      v.solicitante.numero_documento = 'AB123456';
    });
    expect(pasaporte.ok && pasaporte.edit.changes).toEqual({ 'solicitante.tipo_identificacion': 'PP', 'solicitante.numero_documento': 'AB123456' });
    const rec = sample();
    rec.solicitante.tipo_identificacion = 'PP';
    rec.solicitante.numero_documento = 'AB123456';
    expect(setup(rec).edit((v) => (v.solicitante.tipo_identificacion = 'CC'))).toEqual({
      ok: false,
      fields: { 'solicitante.numero_documento': DIGITOS },
    });
  });
});

describe('values of fields the form no longer asks', () => {
  it('are shown read-only, named and typed by the inactive definition, objects and lists included, and never saved back', () => {
    const rec = sample();
    rec.solicitante.info_extra = {
      ...rec.solicitante.info_extra,
      fecha_boda: '2015-06-20',
      vehiculo: { marca: 'Mazda', modelo: 2020 },
      colores: ['Rojo', 'Azul'],
      vacia: [],
    };
    const defs = [...DEFS, { id: 20, entity: 'solicitante', json_column: 'info_extra', key: 'fecha_boda', type: 'date', description: 'Fecha de boda', isActive: false }];
    const fields = recordFields(rec, registroSchemas(defs), defs);
    const field = (key: string) => fields.entities.solicitante.find((f) => f.key === key);
    expect(field('fecha_boda')).toMatchObject({ type: 'date', description: 'Fecha de boda', isActive: false, required: false });
    expect(field('vehiculo')).toMatchObject({ type: 'object', description: 'Vehiculo', isActive: false });
    expect(field('colores')).toMatchObject({ type: 'array', isActive: false });
    expect(field('nota_antigua')).toMatchObject({ type: 'string', isActive: false });
    expect(field('vacia')).toBeUndefined();
    expect(field('celular')?.isActive).not.toBe(false);

    const initial = toEditValues(rec, fields);
    expect(initial.solicitante).toMatchObject({ fecha_boda: '2015-06-20', vehiculo: { marca: 'Mazda', modelo: 2020 } });
    const result = recordEdit(rec, fields, structuredClone(initial), initial, TODAY);
    expect(result.ok && result.edit.changes).toEqual({});
  });
});
