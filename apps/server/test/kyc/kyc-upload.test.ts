import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, KYC_IMAGE_MAX_BYTES, verificationMessages as m, verificationStatusResponse } from '@exchange/contract';
import { approveSubmission } from '../../src/modules/kyc/review.js';
import { bearer, kycForm, multipart, signUpUser, startApp, TINY_PNG, uploadKyc, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { identityOf, storedFiles, submissionCount, TINY_JPEG, verificationOf } from './kyc-helpers.js';

const selfie = { name: 'captured_selfie', filename: 'me.jpg', data: TINY_JPEG };
const front = { name: 'front_captured_image', filename: 'front.png', data: TINY_PNG };
const back = { name: 'back_captured_image', filename: 'back.png', data: TINY_PNG };

describe('POST /upload-kyc/user={id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A refused upload: its status and message, and nothing stored, recorded or changed. */
  async function expectRefused(user: SignedUpUser, form: ReturnType<typeof multipart>, status: number, message: string, id?: string) {
    const before = storedFiles(t.app);
    const res = await uploadKyc(t.app, user, form, id);
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { message: string }).message).toBe(message);
    expect(storedFiles(t.app)).toEqual(before);
    expect(await submissionCount(t.app, user.userId)).toBe(0);
    expect(await identityOf(t.app, user)).toBe('false');
  }

  it('stores a driver’s licence front, back and selfie under DATA_DIR and puts the user under review', async () => {
    const user = await signUpUser(t.app, 'kyc');
    expect(await identityOf(t.app, user)).toBe('false');
    const res = await uploadKyc(t.app, user, multipart({ document_type: 'drivers_license', country: 'PH' }, [selfie, front, back]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: m.submitted, is_verified: 'pending' });
    expect(await identityOf(t.app, user)).toBe('pending');

    const files = storedFiles(t.app).filter((f) => f.startsWith(user.userId));
    expect(files).toHaveLength(3);
    expect(files.map((f) => f.split('/').pop()).sort()).toEqual(['back.png', 'front.png', 'selfie.jpg']);
    expect(storedFiles(t.app).filter((f) => f.startsWith('staging'))).toEqual([]);

    const status = await verificationOf(t.app, user);
    expect(status.status).toBe(200);
    expect(verificationStatusResponse.parse(status.body)).toMatchObject({
      is_verified: 'pending',
      submission: { document_type: 'drivers_license', country: 'PH', status: 'pending', reviewed_at: null, rejection_reason: null },
    });
  });

  it('refuses a text file renamed .png, whatever its declared type, and stores nothing', async () => {
    const user = await signUpUser(t.app, 'kyc-text');
    const text = { name: 'front_captured_image', filename: 'id.png', data: Buffer.from('just some text, not an image at all') };
    await expectRefused(user, multipart({ document_type: 'passport' }, [selfie, text]), 400, m.frontNotImage);
    const fakeSelfie = { name: 'captured_selfie', filename: 'me.jpeg', data: Buffer.from('GIF89a not a jpeg') };
    await expectRefused(user, multipart({ document_type: 'passport' }, [fakeSelfie, front]), 400, m.selfieNotImage);
    // A text back after a good front and selfie: the images already read are not kept either.
    const textBack = { name: 'back_captured_image', filename: 'back.png', data: Buffer.from('%PDF-1.7') };
    await expectRefused(user, multipart({ document_type: 'national_id' }, [selfie, front, textBack]), 400, m.backNotImage);
  });

  it('asks for the back side of an ID type that has one, and for the selfie and front', async () => {
    const user = await signUpUser(t.app, 'kyc-back');
    await expectRefused(user, multipart({ document_type: 'drivers_license' }, [selfie, front]), 400, "Back side of Driver's License is required.");
    await expectRefused(user, multipart({ document_type: 'umid' }, [selfie, front]), 400, 'Back side of Unified Multi Purpose ID (UMID) is required.');
    await expectRefused(user, multipart({ document_type: 'passport' }, [front]), 400, m.imagesMissing);
    await expectRefused(user, multipart({ document_type: 'passport' }, [selfie]), 400, m.imagesMissing);
    await expectRefused(user, multipart({ document_type: 'visa' }, [selfie, front]), 400, m.idTypeInvalid);
    await expectRefused(user, multipart({}, [selfie, front]), 400, m.idTypeInvalid);
    await expectRefused(user, multipart({ document_type: 'passport', country: 'XX' }, [selfie, front]), 400, m.countryInvalid);
  });

  it('does not keep a back image sent with a passport', async () => {
    const user = await signUpUser(t.app, 'kyc-passport');
    const res = await uploadKyc(t.app, user, multipart({ document_type: 'passport' }, [selfie, front, back]));
    expect(res.statusCode, res.body).toBe(201);
    expect(storedFiles(t.app).filter((f) => f.startsWith(user.userId)).map((f) => f.split('/').pop()).sort()).toEqual(['front.png', 'selfie.jpg']);
  });

  it('refuses an image over 10 MB, a repeated or unknown part and a body that is not multipart, naming the problem', async () => {
    const user = await signUpUser(t.app, 'kyc-limits');
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(KYC_IMAGE_MAX_BYTES)]);
    await expectRefused(user, multipart({ document_type: 'passport' }, [selfie, { ...front, data: big }]), 413, m.frontTooLarge);
    await expectRefused(user, multipart({ document_type: 'passport' }, [selfie, front, front]), 400, m.formUnexpectedPart);
    await expectRefused(user, multipart({ document_type: 'passport', note: 'x' }, [selfie, front]), 400, m.formUnexpectedPart);
    await expectRefused(user, multipart({ document_type: 'passport' }, [selfie, front, { ...front, name: 'extra' }]), 400, m.formUnexpectedPart);
    const cut = multipart({ document_type: 'passport' }, [selfie, front]);
    await expectRefused(user, { ...cut, payload: cut.payload.subarray(0, cut.payload.length - 60) }, 400, m.formMalformed);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/user_account/upload-kyc/user=${user.userId}`,
      headers: bearer(user.token),
      payload: { document_type: 'passport' },
    });
    expect(json.statusCode).toBe(400);
    expect((json.json() as { message: string }).message).toBe(m.notMultipart);
    expect(await submissionCount(t.app, user.userId)).toBe(0);
  });

  it('takes an image of almost 10 MB', async () => {
    const user = await signUpUser(t.app, 'kyc-large');
    const large = Buffer.concat([TINY_PNG, Buffer.alloc(KYC_IMAGE_MAX_BYTES - TINY_PNG.length)]);
    const res = await uploadKyc(t.app, user, multipart({ document_type: 'passport' }, [selfie, { ...front, data: large }]));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a second submission while the first is under review, and once verified', async () => {
    const user = await signUpUser(t.app, 'kyc-twice');
    expect((await uploadKyc(t.app, user)).statusCode).toBe(201);
    const files = storedFiles(t.app);
    const second = await uploadKyc(t.app, user);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: m.alreadyPending, code: errorCodes.verificationPending });
    expect(storedFiles(t.app)).toEqual(files);

    expect(await approveSubmission(t.app.services.db, user.userId, { by: 'operator', at: new Date() })).toBe(true);
    const third = await uploadKyc(t.app, user);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: m.alreadyVerifiedSubmit, code: errorCodes.alreadyVerified });
    expect(storedFiles(t.app)).toEqual(files);
    expect(await submissionCount(t.app, user.userId)).toBe(1);
  });

  it('lets only one of two simultaneous uploads through', async () => {
    const user = await signUpUser(t.app, 'kyc-race');
    const answers = await Promise.all([uploadKyc(t.app, user), uploadKyc(t.app, user)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await submissionCount(t.app, user.userId)).toBe(1);
    expect(storedFiles(t.app).filter((f) => f.startsWith(user.userId))).toHaveLength(2);
  });

  it('answers 403 for another user’s id and 401 without a token, storing nothing', async () => {
    const owner = await signUpUser(t.app, 'kyc-owner');
    const intruder = await signUpUser(t.app, 'kyc-intruder');
    const before = storedFiles(t.app);
    const res = await uploadKyc(t.app, intruder, kycForm(), owner.userId);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/user_account/upload-kyc/user=${owner.userId}`, ...kycForm() });
    expect(anonymous.statusCode).toBe(401);
    expect(storedFiles(t.app)).toEqual(before);
    expect(await submissionCount(t.app, owner.userId)).toBe(0);
    expect(await submissionCount(t.app, intruder.userId)).toBe(0);
    const status = await t.app.inject({ url: `/api/user_account/verification/user=${owner.userId}`, headers: bearer(intruder.token) });
    expect(status.statusCode).toBe(403);
  });

  it('needs a verified email, like every call that leads to money', async () => {
    const user = await signUpUser(t.app, 'kyc-email', { verified: false });
    const res = await uploadKyc(t.app, user);
    expect(res.statusCode).toBe(403);
    expect((res.json() as { code: string }).code).toBe(errorCodes.emailNotVerified);
    expect(await submissionCount(t.app, user.userId)).toBe(0);
  });

  it('serves the stored documents to nobody', async () => {
    const user = await signUpUser(t.app, 'kyc-private');
    expect((await uploadKyc(t.app, user)).statusCode).toBe(201);
    const [file] = storedFiles(t.app).filter((f) => f.startsWith(user.userId));
    for (const url of [`/kyc/${file}`, `/data/kyc/${file}`, `/api/user_account/kyc/${file}`]) {
      const res = await t.app.inject({ url, headers: bearer(user.token) });
      expect(res.headers['content-type'] ?? '').not.toMatch(/^image\//);
    }
  });
});
