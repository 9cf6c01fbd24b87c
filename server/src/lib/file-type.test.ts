import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName, withTypeExtension } from './file-type';

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
