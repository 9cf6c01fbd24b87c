/**
 * Photos from the tablet's camera, made light before they are queued: the longest side at most
 * MAX_SIDE pixels, re-encoded as JPEG at quality JPEG_QUALITY. A photo that already fits and is a
 * JPEG is kept as it is, and so is any photo whose re-encoding would not be smaller.
 * The sizing rules are pure (tested in unit tests); the pixels are read and drawn by the browser
 * (createImageBitmap, which also applies the EXIF orientation, and a canvas).
 */
export const MAX_SIDE = 2000;
export const JPEG_QUALITY = 0.8;

export interface ResizePlan {
  /** Keep the original file untouched. */
  keep: boolean;
  width: number;
  height: number;
  /** The original already fits within MAX_SIDE. */
  fits: boolean;
}

/** The size to draw a `width`×`height` image at, and whether to re-encode it at all. */
export function planResize(width: number, height: number, type: string, maxSide = MAX_SIDE): ResizePlan {
  const longest = Math.max(width, height);
  const fits = longest <= maxSide;
  if (fits) return { keep: type === 'image/jpeg', width, height, fits };
  const scale = maxSide / longest;
  return {
    keep: false,
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    fits,
  };
}

/** After encoding: the original stays when it fits and the new file would not be smaller. */
export function keepOriginalAfter(plan: ResizePlan, originalBytes: number, encodedBytes: number): boolean {
  return plan.keep || (plan.fits && encodedBytes >= originalBytes);
}

const NUMBER = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

/** '620 KB', '4,8 MB' (es-CO, binary units as the file pickers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${NUMBER.format(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

/** '4,8 MB → 620 KB' */
export function savingText(before: number, after: number): string {
  return `${formatBytes(before)} → ${formatBytes(after)}`;
}

/** 'IMG_2231.HEIC' → 'IMG_2231.jpg' */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'foto';
  return `${base}.jpg`;
}

export interface PreparedPhoto {
  file: File;
  /** The size the camera gave. */
  originalSize: number;
  resized: boolean;
}

/** Downscales and re-encodes one photo on the device (see the header). */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const plan = planResize(bitmap.width, bitmap.height, file.type);
    if (plan.keep) return { file, originalSize: file.size, resized: false };
    const canvas = new OffscreenCanvas(plan.width, plan.height);
    const context = canvas.getContext('2d');
    if (!context) return { file, originalSize: file.size, resized: false };
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    if (keepOriginalAfter(plan, file.size, blob.size)) return { file, originalSize: file.size, resized: false };
    return { file: new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }), originalSize: file.size, resized: true };
  } finally {
    bitmap.close();
  }
}
