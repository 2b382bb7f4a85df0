import sharp from 'sharp';
import { KYC_IMAGE_MAX_PIXELS } from '@exchange/contract';
import { sniffImageType } from '../accounts/index.js';

// Each document is decoded once: libvips's cache of operations would only keep other users' pictures in memory.
sharp.cache(false);

export type DocumentImage =
  | { ok: true; type: 'image/png' | 'image/jpeg'; bytes: Buffer }
  | { ok: false; reason: 'not-image' | 'too-many-pixels' };

/**
 * An identity document's image, decoded whole, as a copy encoded anew from its pixels: nothing of
 * the upload's bytes but the picture survives (no EXIF with GPS or camera, no comments, nothing
 * after the image's end, such as the HTML of a polyglot). It is turned upright by its EXIF
 * orientation first, since that goes with the metadata. What does not decode is no image.
 */
export async function cleanDocumentImage(bytes: Uint8Array): Promise<DocumentImage> {
  // The signature first, so that libvips never parses another format (SVG, TIFF...) for us.
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: 'not-image' };
  try {
    // The header alone, to tell an image too large from one that is no image.
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width * height > KYC_IMAGE_MAX_PIXELS) return { ok: false, reason: 'too-many-pixels' };
    // 'error', not the stricter 'warning': phones' JPEGs often carry a harmless libjpeg warning.
    const upright = sharp(bytes, { failOn: 'error', limitInputPixels: KYC_IMAGE_MAX_PIXELS }).autoOrient();
    const clean = await (type === 'image/png' ? upright.png() : upright.jpeg({ quality: 90 })).toBuffer();
    return { ok: true, type, bytes: clean };
  } catch {
    // libvips refuses the bytes: a corrupt header, a cut-off image, a signature followed by anything else.
    return { ok: false, reason: 'not-image' };
  }
}
