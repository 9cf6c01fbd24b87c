import { describe, expect, it } from 'vitest';
import {
  ATTACHMENTS_POLICY,
  blobSource,
  checkDeclared,
  checkFile,
  detectFileType,
  MB,
  ooxmlKind,
  partsSource,
  policyOf,
  policyOfField,
  policyText,
  typesText,
} from './file-policy';
import { docx, EXE, fakeDocx, JPEG, OLE, PDF, PNG, TXT, TXT_1252, xlsx, zip, zipWithExe } from '../test-utils/office-files';

const src = (b: Buffer) => partsSource([b]);
/** The same bytes cut into small pieces, as they arrive from the network. */
const pieces = (b: Buffer, n = 7) => partsSource(Array.from({ length: Math.ceil(b.length / n) }, (_, i) => b.subarray(i * n, (i + 1) * n)));

describe('policy from a file field', () => {
  it('takes allowed_types and max_size_mb from file_config, within the spec limits', () => {
    expect(policyOf({ allowed_types: ['.PDF', 'xlsx', 'exe'], max_size_mb: 20, multiple: true })).toEqual({ allowed: ['pdf', 'xlsx'], maxBytes: 20 * MB, multiple: true });
    expect(policyOf({ max_size_mb: 500 }).maxBytes).toBe(100 * MB);
    expect(policyOf({ max_size_mb: 0.2 }).maxBytes).toBe(1 * MB);
    expect(policyOf({ max_size_mb: 'mucho' as unknown as number }).maxBytes).toBe(5 * MB);
    expect(policyOf(null)).toEqual({ allowed: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'], maxBytes: 5 * MB, multiple: false });
    // list_values may arrive as a JSON string (spec 02 §3).
    expect(policyOfField({ list_values: JSON.stringify({ file_config: { allowed_types: ['txt'], max_size_mb: 2 } }) as never })).toMatchObject({ allowed: ['txt'], maxBytes: 2 * MB });
    expect(typesText(ATTACHMENTS_POLICY)).toBe('PDF, JPG, JPEG, PNG, DOC y DOCX');
    expect(policyText(ATTACHMENTS_POLICY)).toBe('Formatos aceptados: PDF, JPG, JPEG, PNG, DOC y DOCX. Máximo 5 MB por archivo.');
    expect(policyText(policyOf({ allowed_types: ['pdf'], max_size_mb: 2.5 }))).toBe('Formatos aceptados: PDF. Máximo 2,5 MB por archivo.');
  });

  it('refuses by name, declared type and size before reading any byte', () => {
    expect(checkDeclared({ nombre: 'a.PDF', size: 10, mime: 'application/pdf' }, ATTACHMENTS_POLICY)).toBe('pdf');
    expect(() => checkDeclared({ nombre: 'hoja.xlsx', size: 10 }, ATTACHMENTS_POLICY)).toThrow('Tipo de archivo no permitido: hoja.xlsx. Solo se aceptan PDF, JPG, JPEG, PNG, DOC y DOCX.');
    expect(() => checkDeclared({ nombre: 'a.pdf', size: 10, mime: 'image/png' }, ATTACHMENTS_POLICY)).toThrow(/no coincide con su extensión/);
    expect(() => checkDeclared({ nombre: 'a.pdf', size: 0 }, ATTACHMENTS_POLICY)).toThrow(/está vacío/);
    expect(() => checkDeclared({ nombre: 'a.pdf', size: 5 * MB + 1 }, ATTACHMENTS_POLICY)).toThrow('El archivo a.pdf supera el tamaño máximo de 5 MB');
  });
});

describe('type by content', () => {
  it.each([
    ['cedula.pdf', 'pdf', PDF],
    ['foto.png', 'png', PNG],
    ['foto.jpg', 'jpg', JPEG],
    ['foto.jpeg', 'jpeg', JPEG],
    ['carta.doc', 'doc', OLE],
    ['cuentas.xls', 'xls', OLE],
    ['carta.docx', 'docx', docx()],
    ['extracto.xlsx', 'xlsx', xlsx()],
    ['notas.txt', 'txt', TXT],
    ['notas-windows.txt', 'txt', TXT_1252],
  ])('%s is %s, whole or in pieces', async (nombre, ext, bytes) => {
    expect((await detectFileType(src(bytes), nombre))?.ext).toBe(ext);
    expect((await detectFileType(pieces(bytes), nombre))?.ext).toBe(ext);
    expect((await detectFileType(blobSource(new Blob([new Uint8Array(bytes)])), nombre))?.ext).toBe(ext);
  });

  it('a docx named .xlsx is detected as what it is (the name then takes its extension)', async () => {
    expect(await detectFileType(src(docx()), 'extracto.xlsx')).toMatchObject({ ext: 'docx' });
  });

  it('text says its charset', async () => {
    expect((await detectFileType(src(TXT), 'a.txt'))?.mime).toBe('text/plain; charset=utf-8');
    expect((await detectFileType(src(TXT_1252), 'a.txt'))?.mime).toBe('text/plain; charset=windows-1252');
  });

  it.each([
    ['an executable named .pdf', 'factura.pdf', EXE],
    ['an ELF program named .pdf', 'factura.pdf', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])],
    ['a shell script named .pdf', 'cedula.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['a ZIP holding only an executable, named .docx', 'factura.docx', zipWithExe()],
    ['a ZIP declaring a Word document that holds only an executable', 'factura.docx', fakeDocx()],
    ['a plain ZIP named .xlsx', 'datos.xlsx', zip([{ name: 'datos.csv', data: 'a;b\n1;2\n' }])],
    ['binary bytes named .txt', 'notas.txt', Buffer.from([0x48, 0x00, 0x01, 0x02, 0x48])],
    ['text named .pdf', 'notas.pdf', TXT],
    ['an OLE file named .pdf', 'carta.pdf', OLE],
  ])('refuses %s', async (_what, nombre, bytes: Buffer) => {
    expect(await detectFileType(src(bytes), nombre)).toBeNull();
    await expect(checkFile(src(bytes), { nombre }, policyOf({ allowed_types: ['pdf', 'docx', 'xlsx', 'txt', 'doc'] }))).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
  });

  it('the ZIP structure check refuses cut, shifted or lying archives', async () => {
    const good = xlsx();
    expect(await ooxmlKind(src(good))).toBe('xlsx');
    expect(await ooxmlKind(src(good.subarray(0, good.length - 30)))).toBeNull();
    expect(await ooxmlKind(src(Buffer.concat([Buffer.from('basura'), good])))).toBeNull();
    const lying = Buffer.from(good);
    lying.writeUInt32LE(lying.readUInt32LE(lying.length - 6) + 1, lying.length - 6); // central directory offset
    expect(await ooxmlKind(src(lying))).toBeNull();
    const traversal = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: '_rels/.rels', data: '<Relationships/>' },
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: '../../etc/passwd', data: 'x' },
    ]);
    expect(await ooxmlKind(src(traversal))).toBeNull();
  });

  it('checkFile applies the policy: an allowed type by content, within the size', async () => {
    const sheets = policyOf({ allowed_types: ['xlsx'], max_size_mb: 1 });
    await expect(checkFile(src(xlsx()), { nombre: 'extracto.xlsx' }, sheets)).resolves.toMatchObject({ ext: 'xlsx' });
    await expect(checkFile(src(PDF), { nombre: 'cedula.pdf' }, sheets)).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await expect(checkFile(src(docx()), { nombre: 'extracto.xlsx' }, sheets)).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await expect(checkFile(src(Buffer.concat([xlsx(), Buffer.alloc(MB)])), { nombre: 'extracto.xlsx' }, sheets)).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });
});
