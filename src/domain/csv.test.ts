import { describe, it, expect } from 'vitest';
import { csvField, toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    expect(toCsv(['Nombre', 'Ciudad'], [['Ana', 'Medellín']])).toBe(
      '\uFEFFNombre,Ciudad\r\nAna,Medellín\r\n',
    );
  });

  it('quotes fields with commas, quotes, CR or LF and doubles inner quotes', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd'],
      [['Pérez, Ana', 'el "Flaco"', 'línea1\nlínea2', 'x\ry']],
    );
    expect(csv).toBe('\uFEFFa,b,c,d\r\n"Pérez, Ana","el ""Flaco""","línea1\nlínea2","x\ry"\r\n');
  });

  it('writes null and undefined as empty fields', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, 0]])).toBe('\uFEFFa,b,c\r\n,,0\r\n');
  });

  it('neutralises a formula in a name, then quotes it', () => {
    const csv = toCsv(['Nombre'], [['=HYPERLINK("http://x","y")']]);
    expect(csv).toBe('\uFEFFNombre\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n');
  });

  it.each(['=1+1', '+57 300', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'prefixes a quote to text starting like a formula: %j',
    (text) => {
      expect(csvField(text).replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
    },
  );

  it('leaves ordinary text and real numbers alone', () => {
    expect(csvField('Ana = Ana')).toBe('Ana = Ana');
    expect(csvField(-1500)).toBe('-1500');
    expect(csvField('-1500')).toBe("'-1500");
    expect(csvField(true)).toBe('true');
  });

  it('neutralises formulas in headers too', () => {
    expect(toCsv(['=cmd'], [])).toBe("\uFEFF'=cmd\r\n");
  });
});
