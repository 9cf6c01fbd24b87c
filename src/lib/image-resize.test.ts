import { describe, expect, it } from 'vitest';
import { formatBytes, jpegName, keepOriginalAfter, planResize, savingText } from './image-resize';

describe('photo sizing before queueing', () => {
  it('brings the longest side down to 2000 px keeping the proportions', () => {
    expect(planResize(4000, 3000, 'image/jpeg')).toEqual({ keep: false, width: 2000, height: 1500, fits: false });
    expect(planResize(3024, 4032, 'image/jpeg')).toEqual({ keep: false, width: 1500, height: 2000, fits: false });
    expect(planResize(8000, 10, 'image/png')).toMatchObject({ width: 2000, height: 3 });
  });

  it('keeps a JPEG that already fits, and re-encodes another type only if that makes it smaller', () => {
    expect(planResize(1600, 1200, 'image/jpeg').keep).toBe(true);
    expect(planResize(2000, 1000, 'image/jpeg').keep).toBe(true);
    const png = planResize(1600, 1200, 'image/png');
    expect(png.keep).toBe(false);
    expect(keepOriginalAfter(png, 300_000, 400_000)).toBe(true);
    expect(keepOriginalAfter(png, 3_000_000, 400_000)).toBe(false);
    // Too large to keep, even if the JPEG came out heavier than the original.
    expect(keepOriginalAfter(planResize(4000, 3000, 'image/png'), 300_000, 400_000)).toBe(false);
  });

  it("shows the saving as '4,8 MB → 620 KB'", () => {
    expect(savingText(Math.round(4.8 * 1024 * 1024), 620 * 1024)).toBe('4,8 MB → 620 KB');
    expect(formatBytes(900)).toBe('900 B');
    expect(jpegName('IMG_2231.HEIC')).toBe('IMG_2231.jpg');
  });
});
