import { describe, it, expect } from 'vitest';
import { csvField, parseCsv, toCsv } from './csv';

describe('toCsv, for Excel in Spanish (Colombia)', () => {
  it("starts with a UTF-8 BOM, separates with ';' and ends every record with CRLF", () => {
    expect(toCsv(['Nombre', 'Ciudad'], [['Ana', 'Medellín']])).toBe('\uFEFFNombre;Ciudad\r\nAna;Medellín\r\n');
  });

  it('has no sep= line (Excel would then ignore the BOM and break the accents)', () => {
    expect(toCsv(['a'], [['b']])).not.toMatch(/sep=/i);
  });

  it("quotes fields with ';', ',', quotes, CR or LF and doubles inner quotes", () => {
    const csv = toCsv(['a', 'b', 'c', 'd', 'e'], [['Pérez; Ana', 'Pérez, Ana', 'el "Flaco"', 'línea1\nlínea2', 'x\ry']]);
    expect(csv).toBe('\uFEFFa;b;c;d;e\r\n"Pérez; Ana";"Pérez, Ana";"el ""Flaco""";"línea1\nlínea2";"x\ry"\r\n');
  });

  it('writes null and undefined as empty fields, amounts as plain integers', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, 0, 180_000_000]])).toBe('\uFEFFa;b;c;d\r\n;;0;180000000\r\n');
  });

  it('round-trips through the reader, accents and all', () => {
    const rows = [['Muñoz; José', 'Bogotá, D.C.', 'dijo "sí"', '=1+1'], ['Ñandú', '', 'a\r\nb', '3001234567']];
    const back = parseCsv(toCsv(['Nombre', 'Ciudad', 'Nota', 'Dato'], rows));
    expect(back).toEqual([['Nombre', 'Ciudad', 'Nota', 'Dato'], ['Muñoz; José', 'Bogotá, D.C.', 'dijo "sí"', "'=1+1"], ['Ñandú', '', 'a\r\nb', '3001234567']]);
  });
});

describe('formula protection', () => {
  it('neutralises a formula in a name, then quotes it', () => {
    const csv = toCsv(['Nombre'], [['=HYPERLINK("http://x","y")']]);
    expect(csv).toBe('\uFEFFNombre\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n');
  });

  it.each(['=1+1', '+57 300', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('prefixes a quote to text starting like a formula: %j', (text) => {
    expect(csvField(text).replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it.each([
    ['Ana;=cmd|/c calc', "Ana;'=cmd|/c calc"],
    ['Ana,=HYPERLINK("x")', "Ana,'=HYPERLINK(\"x\")"],
    ['a; +57', "a; '+57"],
    ['a,-1', "a,'-1"],
    ['a;@x;=y', "a;'@x;'=y"],
    ['a,\tcmd', "a,'\tcmd"],
  ])("neutralises a formula character after ';' or ',' inside a cell: %j", (text, neutral) => {
    expect(parseCsv(toCsv(['x'], [[text]]))[1][0]).toBe(neutral);
  });

  it('leaves ordinary text and real numbers alone', () => {
    expect(csvField('Ana = Ana')).toBe('Ana = Ana');
    expect(csvField('Calle 10 # 5-20')).toBe('Calle 10 # 5-20');
    expect(csvField(-1500)).toBe('-1500');
    expect(csvField('-1500')).toBe("'-1500");
    expect(csvField(true)).toBe('true');
  });

  it('neutralises formulas in headers too', () => {
    expect(toCsv(['=cmd'], [])).toBe("\uFEFF'=cmd\r\n");
  });
});
