import { describe, expect, it } from 'vitest';
import { conflictLines, conflictPropioText, conflictWhat, foldChoices } from './conflict-lines';

const detalle = {
  fields: {
    'solicitud.detalle_credito': {
      base: { tipo_credito: 'consumo', monto_solicitado: 180000000, plazo_meses: 60 },
      server: { tipo_credito: 'consumo', monto_solicitado: 200000000, plazo_meses: 60 },
      mine: { tipo_credito: 'consumo', monto_solicitado: 222000000, plazo_meses: 72 },
      changedBy: 'Sara Supervisora',
      changedAt: '2026-03-05T15:42:00Z',
    },
    'solicitante.nombres': { base: 'Ana', server: 'Ana María', mine: 'Anita' },
  },
};

describe('conflict lines', () => {
  it('splits a nested field into one line per leaf with its label and money formatted', () => {
    const lines = conflictLines(detalle);
    expect(lines.map((l) => [l.label, l.mine, l.server])).toEqual([
      ['Monto solicitado', '$ 222.000.000', '$ 200.000.000'],
      ['Plazo (meses)', '72', '60'],
      ['Nombres', 'Anita', 'Ana María'],
    ]);
    expect(lines[0]).toMatchObject({ changedBy: 'Sara Supervisora', changedAt: '2026-03-05T15:42:00Z' });
    expect(lines[2]).toMatchObject({ changedBy: null, changedAt: null });
  });

  it("names a field the company configured by the label its administrator gave it, not by its key", () => {
    const conflict = { fields: { 'informacion_financiera.detalle_financiera': { base: { bono_anual_x: 1 }, server: { bono_anual_x: 2 }, mine: { bono_anual_x: 3 } } } };
    const etiquetas = [{ entity: 'informacion_financiera', key: 'bono_anual_x', description: 'Bonificación de fin de año' }];
    expect(conflictLines(conflict, etiquetas).map((l) => l.label)).toEqual(['Bonificación de fin de año']);
    expect(conflictLines(conflict).map((l) => l.label)).not.toEqual(['Bonificación de fin de año']);
  });

  it('folds per-line choices back: all mine, all theirs, or a merged value', () => {
    const lines = conflictLines(detalle);
    expect(foldChoices(detalle, lines, {})).toEqual({ 'solicitud.detalle_credito': 'mine', 'solicitante.nombres': 'mine' });
    expect(
      foldChoices(detalle, lines, {
        'solicitud.detalle_credito.monto_solicitado': 'theirs',
        'solicitud.detalle_credito.plazo_meses': 'theirs',
        'solicitante.nombres': 'theirs',
      }),
    ).toEqual({ 'solicitud.detalle_credito': 'theirs', 'solicitante.nombres': 'theirs' });
    // The server's amount, my term.
    expect(foldChoices(detalle, lines, { 'solicitud.detalle_credito.monto_solicitado': 'theirs' })['solicitud.detalle_credito']).toEqual({
      value: { tipo_credito: 'consumo', monto_solicitado: 200000000, plazo_meses: 72 },
    });
  });
});

describe("a reference's conflict", () => {
  const edited = {
    fields: {
      'referencia.detalle_referencia.celular': { base: '3001112233', server: '3102223344', mine: '3155556677', changedBy: 'Sara', changedById: 2 },
      'referencia.tipo_referencia': { base: 'familiar', server: 'personal', mine: 'comercial' },
    },
    referencia: { nombre: 'Lucía Prada' },
  };

  it('names each field by its label, never its key, and says which reference', () => {
    expect(conflictLines(edited).map((l) => [l.label, l.mine, l.server, l.base])).toEqual([
      ['Celular', '3155556677', '3102223344', '3001112233'],
      ['Tipo de referencia', 'comercial', 'personal', 'familiar'],
    ]);
    const etiquetas = [{ entity: 'referencia', key: 'celular', description: 'Celular de la referencia' }, { entity: 'solicitante', key: 'celular', description: 'Celular del cliente' }];
    expect(conflictLines(edited, etiquetas)[0].label).toBe('Celular de la referencia');
    expect(conflictWhat(edited, 'Celular', false)).toBe('otra persona cambió Celular de la referencia «Lucía Prada»');
    expect(conflictWhat(edited, 'Celular', true)).toBe('cambiaste Celular de la referencia «Lucía Prada» desde otro dispositivo');
    expect(conflictWhat({ ...edited, referencia: { nombre: null } }, 'Celular', false)).toBe('otra persona cambió Celular de la referencia');
    expect(conflictPropioText(edited)).toBe('Cambiaste estos datos desde otro dispositivo mientras tanto.');
  });

  it('says the reference was deleted when it was', () => {
    const deleted = { ...edited, referencia: { nombre: 'Lucía Prada', eliminada: { tipo_referencia: null, detalle_referencia: {} } } };
    expect(conflictWhat(deleted, 'Celular', false)).toBe('otra persona eliminó la referencia «Lucía Prada»');
    expect(conflictWhat(deleted, 'Celular', true)).toBe('eliminaste la referencia «Lucía Prada» desde otro dispositivo');
    expect(conflictPropioText(deleted)).toBe('Eliminaste esta referencia desde otro dispositivo mientras tanto.');
  });

  it("reads an application's conflict as before", () => {
    expect(conflictWhat(detalle, 'Nombres', false)).toBe('otra persona cambió Nombres');
    expect(conflictWhat(detalle, 'Nombres', true)).toBe('cambiaste Nombres desde otro dispositivo');
  });
});
