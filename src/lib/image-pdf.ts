/**
 * Several photos of one document (the pages of a contract, both sides of an ID) combined into one
 * PDF on the device, one page per photo at the photo's proportions within an A4 sheet.
 * pdf-lib is loaded only when someone combines pages.
 */
const A4 = { short: 595.28, long: 841.89 };

/** Page size in points for an image of `width`×`height` px: A4 in the image's orientation, fitted. */
export function pageSizeFor(width: number, height: number): { width: number; height: number } {
  const landscape = width > height;
  const maxW = landscape ? A4.long : A4.short;
  const maxH = landscape ? A4.short : A4.long;
  const scale = Math.min(maxW / width, maxH / height);
  return { width: width * scale, height: height * scale };
}

export async function photosToPdf(photos: readonly Blob[], name: string): Promise<File> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  for (const photo of photos) {
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const image = photo.type === 'image/png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const size = pageSizeFor(image.width, image.height);
    const page = pdf.addPage([size.width, size.height]);
    page.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
  }
  const bytes = await pdf.save();
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
}
