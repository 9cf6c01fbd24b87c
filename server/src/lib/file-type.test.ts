import { describe, expect, it } from 'vitest';
import { contentDisposition, detectFileType, safeFileName, withTypeExtension } from './file-type';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectFileType', () => {
  it('recognises pdf, png, jpeg and OLE documents by their first bytes', () => {
    expect(detectFileType(bytes('%PDF-1.4\n%\xe2\xe3\n'), 'a.pdf')).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    expect(detectFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'x.png')?.mime).toBe('image/png');
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'foto.jpeg')).toEqual({ ext: 'jpeg', mime: 'image/jpeg' });
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe1]), 'foto.jpg')?.ext).toBe('jpg');
    expect(detectFileType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'carta.doc')?.ext).toBe('doc');
  });

  it('tells docx from a plain zip', () => {
    const docx = bytes([0x50, 0x4b, 0x03, 0x04], 'xxxxxxxxxxxxxxxxxxxxxxxxxword/document.xml');
    expect(detectFileType(docx, 'carta.bin')?.ext).toBe('docx');
    const zip = bytes([0x50, 0x4b, 0x03, 0x04], 'xxxxxxxxxxxxxxxxxxxxxxxxxpayload.exe');
    expect(detectFileType(zip, 'paquete.zip')).toBeNull();
    expect(detectFileType(zip, 'carta.docx')?.ext).toBe('docx');
  });

  it('refuses executables whatever their name', () => {
    expect(detectFileType(bytes('MZ\x90\x00\x03\x00\x00\x00'), 'cedula.pdf')).toBeNull();
    expect(detectFileType(bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), 'cedula.pdf')).toBeNull();
    expect(detectFileType(bytes('#!/bin/sh\nrm -rf /\n'), 'cedula.pdf')).toBeNull();
  });

  it('accepts UTF-8 text only for .txt names and never with NULs', () => {
    expect(detectFileType(Buffer.from('hola señor', 'utf8'), 'nota.txt')?.ext).toBe('txt');
    expect(detectFileType(bytes('hola'), 'nota.pdf')).toBeNull();
    expect(detectFileType(bytes('ho\x00la'), 'nota.txt')).toBeNull();
    expect(detectFileType(bytes([0xc3, 0x28]), 'nota.txt')).toBeNull();
  });
});

describe('safeFileName', () => {
  it('drops folders, traversal and control characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\ana\\cédula.pdf')).toBe('cédula.pdf');
    expect(safeFileName('a\u0000b\r\nc.pdf')).toBe('abc.pdf');
    expect(safeFileName('..')).toBe('archivo');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('')).toBe('archivo');
  });

  it('limits the length to 120 characters and keeps the extension', () => {
    const name = safeFileName('x'.repeat(300) + '.pdf');
    expect(name.length).toBe(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('fixes an extension that does not match the content', () => {
    expect(withTypeExtension('foto.pdf', { ext: 'png', mime: 'image/png' })).toBe('foto.pdf.png');
    expect(withTypeExtension('foto.JPEG', { ext: 'jpg', mime: 'image/jpeg' })).toBe('foto.JPEG');
  });

  it('encodes names for Content-Disposition', () => {
    expect(contentDisposition('cédula "1".pdf')).toBe(
      `attachment; filename="c_dula _1_.pdf"; filename*=UTF-8''c%C3%A9dula%20%221%22.pdf`,
    );
  });
});
