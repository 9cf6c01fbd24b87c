import { describe, expect, it } from 'vitest';
import { conflictLines, foldChoices } from './conflict-lines';

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
