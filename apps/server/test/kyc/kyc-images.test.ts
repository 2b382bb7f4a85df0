import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_IMAGE_MAX_PIXELS, verificationMessages as m } from '@exchange/contract';
import { multipart, signUpUser, startApp, TINY_PNG, uploadKyc, type DbKind, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { storedFiles, submissionCount, TINY_JPEG } from './kyc-helpers.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
/** The EXIF tag that points to the GPS fields, as a little-endian EXIF block writes it. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

const selfie = (data: Buffer) => ({ name: 'captured_selfie', filename: 'me.jpg', data });
const front = (data: Buffer) => ({ name: 'front_captured_image', filename: 'front.png', data });

/** A phone's photo as it leaves the phone: a JPEG with the camera and the place it was taken in its EXIF. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', ImageDescription: 'taken at home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .toBuffer();
}

describe.each<DbKind>([FEATURE_DB])('identity document images on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedOf = (user: SignedUpUser, name: string) => {
    const file = storedFiles(t.app).find((f) => f.startsWith(user.userId) && f.endsWith(name));
    if (!file) throw new Error(`no stored ${name}`);
    return readFileSync(path.join(t.app.services.kyc.storage.root, file));
  };

  async function expectRefused(user: SignedUpUser, files: ReturnType<typeof front>[], message: string) {
    const before = storedFiles(t.app);
    const res = await uploadKyc(t.app, user, multipart({ document_type: 'passport' }, files));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect(storedFiles(t.app)).toEqual(before);
    expect(await submissionCount(t.app, user.userId)).toBe(0);
  }

  it('issue 14 #8: refuses a polyglot (a PNG signature followed by HTML) and an image cut short, storing nothing', async () => {
    const user = await signUpUser(t.app, 'kyc-polyglot');
    await expectRefused(user, [selfie(TINY_JPEG), front(Buffer.concat([PNG_SIGNATURE, HTML]))], m.frontNotImage);
    await expectRefused(user, [selfie(TINY_JPEG.subarray(0, TINY_JPEG.length - 40)), front(TINY_PNG)], m.selfieNotImage);
    const cutPng = TINY_PNG.subarray(0, TINY_PNG.length - 20);
    await expectRefused(user, [selfie(TINY_JPEG), front(cutPng)], m.frontNotImage);
  });

  it('issue 14 #8: stores a copy encoded anew, without the EXIF and GPS of a photo or what follows a PNG', async () => {
    const user = await signUpUser(t.app, 'kyc-exif');
    const photo = await photoWithGps();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes(GPS_POINTER)).toBe(true);
    expect(photo.includes('SpyCam')).toBe(true);

    const res = await uploadKyc(t.app, user, multipart({ document_type: 'passport' }, [selfie(photo), front(Buffer.concat([TINY_PNG, HTML]))]));
    expect(res.statusCode, res.body).toBe(201);

    const storedPhoto = storedOf(user, 'selfie.jpg');
    const kept = await sharp(storedPhoto).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(kept.exif).toBeUndefined();
    expect(storedPhoto.includes('Exif')).toBe(false);
    expect(storedPhoto.includes('SpyCam')).toBe(false);

    const storedFront = storedOf(user, 'front.png');
    expect(await sharp(storedFront).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(storedFront.includes('<html>')).toBe(false);
  });

  it('issue 14 #8: refuses an image of more pixels than it decodes, naming it', async () => {
    const user = await signUpUser(t.app, 'kyc-pixels');
    const side = Math.ceil(Math.sqrt(KYC_IMAGE_MAX_PIXELS)) + 1;
    // One colour compresses to little: small as a file, huge once decoded.
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: 'white' } }).png({ compressionLevel: 9 }).toBuffer();
    await expectRefused(user, [selfie(TINY_JPEG), front(huge)], m.frontTooManyPixels);
  });
});
