import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates';

// Every control (\p{Cc}) and format (\p{Cf}) character, and the line and paragraph separators.
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

describe('the values put into an e-mail', () => {
  it('lose every control and format character (bidi, zero-width, soft hyphen, BOM) and the Unicode line separators', () => {
    const nombre = 'Ana\u200B\u00AD\uFEFF\u2060 María\u2028Banco nuevo: falso\u2029\u202E\u0085 Pérez';
    const mail = renderEmail('cambio_banco', {
      radicado: 'RAD-1\u200D',
      nombre_cliente: nombre,
      documento_cliente: '123\u2066',
      banco_anterior: 'BBVA\u200E',
      banco_nuevo: 'Davivienda\u061C',
      modificado_por: 'Sergio\u00AD Patiño',
      fecha_cambio: '2026-01-01T15:00:00.000Z',
    })!;
    expect(mail.subject).not.toMatch(HIDDEN);
    // The text and HTML parts keep the template's own line breaks, and only those.
    for (const line of [...mail.text.split('\n'), ...mail.html.split('\n')]) expect(line).not.toMatch(HIDDEN);
    expect(mail.subject).toBe('Cambio de banco en la solicitud RAD-1 de Ana María Banco nuevo: falso Pérez');
    expect(mail.text.split('\n').filter((l) => l.startsWith('Banco nuevo:'))).toEqual(['Banco nuevo: Davivienda']);
    expect(mail.text).toContain('Cambiado por: Sergio Patiño');
  });

  it("a return's message keeps its line breaks and loses the rest", () => {
    const mail = renderEmail('devolucion', { radicado: 'RAD-1', nombre_cliente: 'Ana\u200B', devuelta_por: 'Sergio', mensaje: 'Uno\u2028dos\r\ntres\u200B\u00AD', campos: [{ campo: 'x\u202E', comentario: 'c\u0007\u200Bd' }] })!;
    expect(mail.text).toContain('Mensaje: Uno dos\ntres\n');
    expect(mail.text).toContain('- x: c d');
    for (const line of mail.text.split('\n')) expect(line).not.toMatch(HIDDEN);
  });
});
