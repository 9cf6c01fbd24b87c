import { describe, expect, it } from 'vitest';
import { registroSchemas } from '../../domain/campos-fijos';
import type { SolicitudRecord } from '../../domain/solicitud';
import { recordEdit } from './record-changes';
import {
  draftChanges,
  parseRecordDraft,
  recordChangedSince,
  recordDraftRow,
  restoreValues,
  type RecordDraft,
} from './record-draft';
import { newReference, recordFields, toEditValues, type EditValues } from './record-values';

const ID = '0190a0a0-0000-7000-8000-000000000001';
const DEFS = [
  {
    id: 1,
    entity: 'solicitante',
    json_column: 'info_extra',
    key: 'celular',
    type: 'string',
    description: 'Celular',
    order_index: 1,
  },
  {
    id: 2,
    entity: 'solicitante',
    json_column: 'info_extra',
    key: 'soporte',
    type: 'file',
    description: 'Soporte',
    order_index: 2,
  },
  {
    id: 6,
    entity: 'referencia',
    json_column: 'detalle_referencia',
    key: 'nombre',
    type: 'string',
    required: true,
    description: 'Nombre completo',
    order_index: 1,
  },
  {
    id: 7,
    entity: 'referencia',
    json_column: 'detalle_referencia',
    key: 'celular',
    type: 'string',
    description: 'Celular',
    order_index: 2,
  },
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
      info_extra: {
        celular: '3001112233',
        soporte: [{ id: 'doc-1', nombre: 'cedula.pdf', size: 10, mime: 'application/pdf' }],
      },
    },
    ubicacion: {
      id: 'u1',
      ciudad_residencia: 'Cali',
      departamento_residencia: 'Valle del Cauca',
      barrio: 'San Fernando',
      estrato: 3,
      detalle_direccion: {},
    },
    actividad_economica: null,
    informacion_financiera: null,
    solicitud: {
      id: ID,
      estado: 'Pendiente',
      banco_nombre: 'BBVA',
      ciudad_solicitud: 'Cali',
      tipo_credito: 'hipotecario',
      detalle_credito: { tipo_credito: 'hipotecario', monto_solicitado: 180_000_000 },
      preferencias_notificacion: { email: true, sms: false },
      radicado: 'RAD-1',
      created_by_user_id: 1,
      assigned_to_user_id: null,
      created_at: at,
      updated_at: at,
    },
    referencias: [
      {
        id: 'r1',
        tipo_referencia: 'familiar',
        detalle_referencia: { nombre: 'Ana Ruiz', celular: '3001234567' },
      },
      {
        id: 'r2',
        tipo_referencia: 'personal',
        detalle_referencia: { nombre: 'Luis Gil', celular: '3109876543' },
      },
    ],
    observaciones: [],
    documentos: [],
  } as SolicitudRecord;
}

function begin(record = sample()) {
  const fields = recordFields(record, registroSchemas(DEFS));
  const defaults = toEditValues(record, fields);
  const draftOf = (fn: (v: EditValues) => void): RecordDraft => {
    const values = structuredClone(defaults);
    fn(values);
    return { solicitudId: ID, record, defaults, values };
  };
  return { record, fields, defaults, draftOf };
}

/** The row as IndexedDB gives it back (a structured clone). */
const stored = (draft: RecordDraft) =>
  structuredClone(recordDraftRow(draft, new Date('2026-11-28T15:30:00Z')));

describe("the draft of 'Editar Registro'", () => {
  it('is kept only while something changes, under registro:<id>', () => {
    const { draftOf } = begin();
    expect(recordDraftRow(draftOf(() => {}))).toBeNull();
    // An empty new reference, or a value typed and then put back, is no change.
    expect(recordDraftRow(draftOf((v) => v.referencias.push(newReference('r-new'))))).toBeNull();
    expect(recordDraftRow(draftOf((v) => (v.ubicacion.barrio = ' San Fernando ')))).toBeNull();
    expect(recordDraftRow(draftOf((v) => (v.ubicacion.barrio = 'El Peñón')))).toMatchObject({
      id: `registro:${ID}`,
      kind: 'registro',
      values: { solicitudId: ID, values: { ubicacion: { barrio: 'El Peñón' } } },
    });
  });

  it('names reference edits, additions and removal marks', () => {
    const { draftOf } = begin();
    const draft = draftOf((v) => {
      v.referencias[0]!.datos.celular = '3150000000';
      v.referencias[1]!.eliminada = true;
      v.referencias.push({
        ...newReference('r-new'),
        datos: { tipo_referencia: 'personal', nombre: 'Marta Díaz' },
      });
    });
    const changes = draftChanges(draft.values, draft.defaults);
    expect(changes.map((c) => [c.path, c.reference])).toEqual([
      ['referencias.0.datos.celular', undefined],
      ['referencias.1', 'removed'],
      ['referencias.2', 'added'],
      ['referencias.2.datos.tipo_referencia', undefined],
      ['referencias.2.datos.nombre', undefined],
    ]);
  });

  it('leaves out the files chosen in this edit (their contents are not kept), keeping those the record had', () => {
    const { draftOf } = begin();
    const chosen = { id: 'new-file', nombre: 'extracto.pdf', size: 5, mime: 'application/pdf' };
    const onlyFile = stored(
      draftOf((v) => (v.solicitante.soporte = [...(v.solicitante.soporte as unknown[]), chosen])),
    );
    expect(onlyFile).toBeNull();
    const row = stored(
      draftOf((v) => {
        v.solicitante.soporte = [...(v.solicitante.soporte as unknown[]), chosen];
        v.solicitante.celular = '3209998877';
      }),
    );
    expect((row?.values as RecordDraft).values.solicitante.soporte).toEqual([
      { id: 'doc-1', nombre: 'cedula.pdf', size: 10, mime: 'application/pdf' },
    ]);
  });

  it('comes back with its changes marked, and only for the record it was made on', () => {
    const { draftOf, defaults } = begin();
    const row = stored(
      draftOf((v) => {
        v.ubicacion.barrio = 'El Peñón';
        v.referencias[1]!.eliminada = true;
        v.preferencias.sms = true;
      }),
    )!;
    expect(parseRecordDraft(row, 'otra-solicitud')).toBeNull();
    expect(
      parseRecordDraft(
        { ...row, values: { ...(row.values as object), values: { solicitante: 'x' } } },
        ID,
      ),
    ).toBeNull();
    const saved = parseRecordDraft(row, ID)!;
    expect(saved.updatedAt).toBe('2026-11-28T15:30:00.000Z');
    const { values, restored } = restoreValues(defaults, saved.draft);
    expect(values.ubicacion.barrio).toBe('El Peñón');
    expect(values.referencias.map((r) => [r.id, r.eliminada])).toEqual([
      ['r1', false],
      ['r2', true],
    ]);
    expect(values.preferencias).toEqual({ email: true, sms: true });
    expect([...restored]).toEqual(['ubicacion.barrio', 'referencias.1', 'preferencias.sms']);
  });

  it('saves its changes with the base the device saw, so a server change meanwhile is a conflict, not overwritten', () => {
    const { record, draftOf } = begin();
    const row = stored(draftOf((v) => (v.ubicacion.barrio = 'El Peñón')))!;
    // Meanwhile another person changed the same field and another one; this device pulled both.
    const live = structuredClone(record);
    live.ubicacion!.barrio = 'Granada';
    live.solicitud.banco_nombre = 'Davivienda';
    expect(recordChangedSince(record, live)).toBe(true);

    // Reopened: the form is built from the draft's record, as 'Editar Registro' does.
    const saved = parseRecordDraft(row, ID)!;
    const again = begin(saved.draft.record);
    const { values } = restoreValues(again.defaults, saved.draft);
    const outcome = recordEdit(saved.draft.record, again.fields, values, again.defaults);
    expect(outcome).toEqual({
      ok: true,
      edit: expect.objectContaining({
        changes: { 'ubicacion.barrio': 'El Peñón' },
        base: { 'ubicacion.barrio': 'San Fernando' },
      }),
    });
  });
});
