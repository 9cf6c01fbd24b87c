import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { SolicitudRecord } from '../../domain/solicitud';
import { record } from '../../test-utils/records';
import { RecordSchema, diffRecord, diffReferences, toFormValues, validateEdits, type FormValues } from './record-form';

function full(): SolicitudRecord {
  return record('0190a0a0-0000-7000-8000-000000000001', {
    actividad_economica: {
      id: 'a1',
      tipo_actividad: 'Empleado',
      sector_economico: 'Salud',
      cargo_actual: null,
      tipo_contrato: null,
      detalle_actividad: { tipo_actividad_economica: 'Empleado', empresa: 'Alpina', cargo: 'Analista', fecha_ingreso: '2020-01-01' },
    },
    referencias: [{ id: 'r1', tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Ana', relacion: 'Madre' } }],
    solicitud: {
      ...record('x').solicitud,
      id: '0190a0a0-0000-7000-8000-000000000001',
      banco_nombre: 'BBVA',
      tipo_credito: 'vivienda',
      detalle_credito: { tipo_credito: 'vivienda', monto_solicitado: 100, plazo_meses: 12, credito_hipotecario: { valor_inmueble: 500 } },
    },
  });
}

const edit = (rec: SolicitudRecord, fn: (v: FormValues) => void) => {
  const values = structuredClone(toFormValues(rec));
  fn(values);
  return values;
};

describe('the record form', () => {
  it('sends nothing when nothing changed', () => {
    const rec = full();
    expect(diffRecord(rec, toFormValues(rec))).toEqual({ changes: {}, base: {}, bankChanged: false });
    expect(diffReferences(rec, toFormValues(rec).referencias)).toEqual({ add: [], edit: [] });
  });

  it('sends only the changed fields, each with the value the user saw', () => {
    const rec = full();
    const values = edit(rec, (v) => {
      v.solicitante.nombres = 'Josefina';
      v.solicitud.banco_nombre = 'Davivienda';
      v.preferencias.sms = true;
    });
    const d = diffRecord(rec, values);
    expect(d.changes).toEqual({
      'solicitante.nombres': 'Josefina',
      'solicitud.banco_nombre': 'Davivienda',
      'solicitud.preferencias_notificacion': { email: true, sms: true },
    });
    expect(d.base).toEqual({
      'solicitante.nombres': 'José',
      'solicitud.banco_nombre': 'BBVA',
      'solicitud.preferencias_notificacion': { email: true, sms: false },
    });
    expect(d.bankChanged).toBe(true);
  });

  it('replaces the credit sub-object by the keyword rules when the credit type changes', () => {
    const rec = full();
    const d = diffRecord(rec, edit(rec, (v) => (v.solicitud.tipo_credito = 'consumo')));
    expect(d.changes['solicitud.tipo_credito']).toBe('consumo');
    expect(d.changes['solicitud.detalle_credito']).toEqual({ tipo_credito: 'consumo', monto_solicitado: 100, plazo_meses: 12, credito_consumo: {} });
    expect(d.base['solicitud.detalle_credito']).toEqual(rec.solicitud.detalle_credito);
  });

  it('keeps amount and term in detalle_credito', () => {
    const rec = full();
    const d = diffRecord(rec, edit(rec, (v) => (v.credito.monto_solicitado = '250000')));
    expect(d.changes).toEqual({ 'solicitud.detalle_credito': { ...rec.solicitud.detalle_credito, monto_solicitado: 250000 } });
  });

  it('clears the fields of the previous activity type, also those the form does not show', () => {
    const rec = full();
    const d = diffRecord(rec, edit(rec, (v) => ((v.actividad_economica as Record<string, unknown>).tipo_actividad = 'Independiente')));
    expect(d.changes).toMatchObject({
      'actividad_economica.tipo_actividad': 'Independiente',
      'actividad_economica.detalle_actividad.tipo_actividad_economica': 'Independiente',
      'actividad_economica.detalle_actividad.empresa': null,
      'actividad_economica.detalle_actividad.cargo': null,
      'actividad_economica.detalle_actividad.fecha_ingreso': null,
    });
    expect(d.base['actividad_economica.detalle_actividad.empresa']).toBe('Alpina');
  });

  it('requires nombres, primer apellido and documento with the spec messages', () => {
    const rec = full();
    const values = edit(rec, (v) => {
      v.solicitante.nombres = ' ';
      v.solicitante.primer_apellido = '';
      v.solicitante.numero_documento = '  ';
    });
    const result = v.safeParse(RecordSchema, values);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.issues ?? []).map((i) => [v.getDotPath(i), i.message]));
    expect(messages).toEqual({
      'solicitante.nombres': 'El nombre es obligatorio',
      'solicitante.primer_apellido': 'El primer apellido es obligatorio',
      'solicitante.numero_documento': 'El número de documento es obligatorio',
    });
  });

  it('adds new non-blank references and edits only changed keys of existing ones', () => {
    const rec = full();
    const values = edit(rec, (v) => {
      v.referencias[0].relacion = 'Tía';
      v.referencias.push({ id: 'n1', isNew: true, tipo_referencia: 'personal', nombre: ' Luis ', relacion: '', celular: '', direccion: '', ciudad: '' });
      v.referencias.push({ id: 'n2', isNew: true, tipo_referencia: '', nombre: '', relacion: '', celular: '', direccion: '', ciudad: '' });
    });
    expect(diffReferences(rec, values.referencias)).toEqual({
      add: [{ referenciaId: 'n1', tipo_referencia: 'personal', detalle_referencia: { nombre: 'Luis' } }],
      edit: [{ referenciaId: 'r1', detalle_referencia: { relacion: 'Tía' } }],
    });
  });
});

describe('the shared rules in the edit form', () => {
  it('judges what the edit changes, with the form labels, and leaves untouched old values alone', () => {
    const rec = full();
    // An implausible old value (monto 100 is fine, but an old bad phone) does not block other edits.
    rec.solicitante.info_extra = { ...rec.solicitante.info_extra, celular: '12345' };
    const untouched = edit(rec, (v) => {
      v.solicitante.nombres = 'Josefina';
    });
    expect(validateEdits(rec, untouched)).toEqual({});

    const bad = edit(rec, (v) => {
      (v.solicitante.info_extra as Record<string, unknown>).celular = '2001234567';
      v.solicitante.correo = 'no-es-correo';
      v.credito.monto_solicitado = '0';
      v.credito.plazo_meses = '400';
      v.referencias[0].celular = '123';
    });
    expect(validateEdits(rec, bad)).toEqual({
      'solicitante.info_extra.celular': 'Celular: debe tener 10 dígitos y empezar por 3',
      'solicitante.correo': 'Correo electrónico: no es un correo electrónico válido',
      'credito.monto_solicitado': 'Monto solicitado: debe ser un valor en pesos mayor que cero, sin decimales',
      'credito.plazo_meses': 'Plazo (meses): debe ser un número entero de meses entre 1 y 360',
      'referencias.0.celular': 'Celular: debe tener 10 dígitos y empezar por 3',
    });

    const good = edit(rec, (v) => {
      (v.solicitante.info_extra as Record<string, unknown>).celular = '3001234567';
      v.credito.monto_solicitado = '222000000';
    });
    expect(validateEdits(rec, good)).toEqual({});
  });
});
