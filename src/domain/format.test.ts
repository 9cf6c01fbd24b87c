import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMegabytes,
  formatMoney,
  formatNumber,
  formatTime,
  formatWhen,
  isMoneyKey,
  moneyInputText,
  parseMoney,
  plural,
  reformatMoneyInput,
} from './format';

describe('numbers and money (es-CO)', () => {
  it('groups thousands with a dot and writes decimals with a comma', () => {
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(10242.7, 1)).toBe('10.242,7');
    expect(formatMegabytes(10242.7 * 1024 * 1024)).toBe('10.242,7 MB');
  });

  it('writes money as whole pesos with the sign and a plain space', () => {
    expect(formatMoney(180_000_000)).toBe('$ 180.000.000');
    expect(formatMoney(0)).toBe('$ 0');
    expect(formatMoney(1999.6)).toBe('$ 2.000');
    expect(formatMoney(-5000)).toBe('-$ 5.000');
  });

  it('writes file sizes in B, KB or MB', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(34 * 1024)).toBe('34 KB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });

  it('makes the noun agree with the count', () => {
    expect(plural(1, 'cambio')).toBe('1 cambio');
    expect(plural(2, 'cambio')).toBe('2 cambios');
    expect(plural(0, 'cambio')).toBe('0 cambios');
    expect(plural(1, 'notificación', 'notificaciones')).toBe('1 notificación');
    expect(plural(1234, 'resultado')).toBe('1.234 resultados');
  });
});

describe('dates and times', () => {
  it('writes a calendar day as dd/mm/yyyy without moving it by a time zone', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate('no es fecha')).toBe('');
  });

  it('writes an instant as the day and 24-hour time it was in Colombia', () => {
    // 03:30 UTC on the 6th is still the 5th, 22:30, in Bogotá (UTC-5).
    expect(formatDate('2026-03-06T03:30:00Z')).toBe('05/03/2026');
    expect(formatTime('2026-03-06T03:30:00Z')).toBe('22:30');
    expect(formatTime('2026-03-05T15:42:00Z')).toBe('10:42');
    expect(formatDateTime('2026-03-05T15:42:00Z')).toBe('05/03/2026 10:42');
  });

  it('says hoy and ayer for recent instants', () => {
    const now = new Date('2026-03-05T20:00:00Z');
    expect(formatWhen('2026-03-05T15:42:00Z', now)).toBe('hoy 10:42');
    expect(formatWhen('2026-03-04T15:42:00Z', now)).toBe('ayer 10:42');
    expect(formatWhen('2026-03-01T15:42:00Z', now)).toBe('01/03/2026 10:42');
  });
});

describe('money fields', () => {
  it('recognises the application amounts by their key', () => {
    for (const path of [
      'solicitud.detalle_credito.monto_solicitado',
      'informacion_financiera.total_ingresos_mensuales',
      'informacion_financiera.detalle_financiera.ingreso_basico_mensual',
      'informacion_financiera.detalle_financiera.gastos_financieros_mensuales',
      'credito_hipotecario.valor_inmueble',
      'total_activos',
      'honorarios',
    ]) {
      expect(isMoneyKey(path), path).toBe(true);
    }
    for (const path of ['credito.plazo_meses', 'solicitante.nombres', 'numero_empleados', 'declara_renta', 'tasa_interes']) {
      expect(isMoneyKey(path), path).toBe(false);
    }
  });
});

describe('typing money', () => {
  it('reads whole pesos from what was typed or pasted', () => {
    expect(parseMoney('$ 180.000.000')).toBe(180_000_000);
    expect(parseMoney('180000000')).toBe(180_000_000);
    expect(parseMoney('1.500.000,50')).toBe(1_500_000);
    expect(parseMoney('00012')).toBe(12);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('$ ')).toBeNull();
  });

  it('shows the stored value formatted', () => {
    expect(moneyInputText(180_000_000)).toBe('$ 180.000.000');
    expect(moneyInputText('222000000')).toBe('$ 222.000.000');
    expect(moneyInputText(null)).toBe('');
  });

  it('formats while typing and keeps the caret after the same digit', () => {
    // Typing '1' then '8' then '0'… the caret stays at the end.
    expect(reformatMoneyInput('1', 1)).toEqual({ text: '$ 1', caret: 3, value: 1 });
    expect(reformatMoneyInput('$ 1.8000', 8)).toEqual({ text: '$ 18.000', caret: 8, value: 18000 });
    // A digit typed in the middle: '$ 1.234' with '9' after the '1' -> '$ 19.234', caret after the 9.
    expect(reformatMoneyInput('$ 19.234', 4)).toEqual({ text: '$ 19.234', caret: 4, value: 19234 });
    // Deleting the last digit of '$ 1.000' -> '$ 100'.
    expect(reformatMoneyInput('$ 1.00', 6)).toEqual({ text: '$ 100', caret: 5, value: 100 });
    // Everything deleted.
    expect(reformatMoneyInput('', 0)).toEqual({ text: '', caret: 0, value: null });
  });
});
