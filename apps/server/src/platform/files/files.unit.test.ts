import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb } from '../imports/bomb.fixtures';
import { IMAGE_MAX_PX, MAX_INPUT_PIXELS, normalizeImage } from './files';

/**
 * Image decompression bombs (issue 10 §3, security guide "compressed formats are limited by what
 * they inflate to"): sharp refuses from the header any image over MAX_INPUT_PIXELS before decoding
 * it, and decodes the rest on libuv's thread pool, streaming, so a photo never holds the request
 * thread.
 */
describe('photo uploads cannot be decompression bombs', () => {
  it('refuses a 390 KB PNG that declares 400 megapixels, without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const started = performance.now();
    await expect(normalizeImage(bomb)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The image could not be read.',
    });
    // refused from the header: decoding 400 MP would take seconds
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('re-encodes an image just under the pixel cap to the stored size', async () => {
    const side = Math.floor(Math.sqrt(MAX_INPUT_PIXELS)) - 1;
    const out = await normalizeImage(pngBomb(side, side));
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(IMAGE_MAX_PX);
  });
});
