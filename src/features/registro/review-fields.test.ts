import { describe, expect, it } from 'vitest';
import { registroSchemas } from '../../domain/campos-fijos';
import type { Revision } from '../../domain/revision';
import { record } from '../../test-utils/records';
import { reviewMode } from './review-context';
import { camposRevisables, campoDe } from './review-fields';
import { recordFields } from './record-values';

const ID = '0190a0a0-0000-7000-8000-000000000001';
const DEFS = [
  { id: 1, entity: 'solicitante', json_column: 'info_extra', key: 'celular', type: 'string', required: true, description: 'Celular', order_index: 1 },
  { id: 2, entity: 'solicitud', json_column: 'detalle_credito', key: 'tipo_credito', type: 'array', description: 'Tipo de crédito', order_index: 1, list_values: { enum: ['hipotecario', 'consumo'] } },
];

function catalogue() {
  const rec = record(ID, {
    informacion_financiera: {
      id: 'f1',
      total_ingresos_mensuales: 5_000_000,
      total_egresos_mensuales: null,
      total_activos: null,
      total_pasivos: null,
      detalle_financiera: { ingreso_basico_mensual: 5_000_000 },
    },
  });
  rec.solicitud.detalle_credito = { tipo_credito: 'hipotecario', credito_hipotecario: { valor_inmueble: 250_000_000 } };
  return camposRevisables(rec, recordFields(rec, registroSchemas(DEFS)));
}

describe('the fields a reviewer can flag', () => {
  it('names each field by the form label, under its section, with its path in the record and in the form', () => {
    const all = catalogue();
    expect(all.find((c) => c.campo === 'solicitante.info_extra.celular')).toEqual({
      campo: 'solicitante.info_extra.celular',
      label: 'Celular',
      section: 'Información del Solicitante',
      formPath: 'solicitante.celular',
    });
    const ingreso = all.find((c) => c.campo === 'informacion_financiera.detalle_financiera.ingreso_basico_mensual');
    expect(ingreso?.section).toBe('Información Financiera');
    expect(ingreso?.formPath).toBe('informacion_financiera.ingreso_basico_mensual');
    expect(ingreso?.label).not.toContain('_');
  });

  it("offers the credit kind's own fields, the references and the documents", () => {
    const all = catalogue();
    const inmueble = all.find((c) => c.campo === 'solicitud.detalle_credito.credito_hipotecario.valor_inmueble');
    expect(inmueble).toMatchObject({ section: 'Información del Crédito', formPath: 'credito.valor_inmueble' });
    expect(all.find((c) => c.campo === 'documentos')).toMatchObject({ label: 'Documentos', formPath: null });
    expect(all.find((c) => c.campo === 'referencias')).toMatchObject({ label: 'Referencias', formPath: null });
    expect(new Set(all.map((c) => c.campo)).size).toBe(all.length);
  });

  it('keeps the sections in the order of the form', () => {
    const sections = [...new Set(catalogue().map((c) => c.section))];
    expect(sections.slice(0, 5)).toEqual([
      'Información del Solicitante',
      'Información de Ubicación',
      'Información Laboral',
      'Información Financiera',
      'Información del Crédito',
    ]);
  });

  it('still names a flagged path the form no longer has, by its key in words', () => {
    expect(campoDe('solicitante.info_extra.nota_antigua', catalogue())).toMatchObject({ label: 'Nota antigua', formPath: null });
  });
});

describe('who does what with a review', () => {
  const rev = (estado: Revision['estado']) => ({ estado }) as Revision;
  it('the advisor answers an open review; the office reads an answered one', () => {
    expect(reviewMode(rev('abierta'), 'asesor', true)).toBe('responder');
    expect(reviewMode(rev('abierta'), 'admin', true)).toBe('ver');
    expect(reviewMode(rev('respondida'), 'supervisor', true)).toBe('revisar');
    expect(reviewMode(rev('respondida'), 'manager', true)).toBe('revisar');
    expect(reviewMode(rev('respondida'), 'asesor', true)).toBe('ver');
    expect(reviewMode(rev('abierta'), 'user', false)).toBe('ver');
  });
});
