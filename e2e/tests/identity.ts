import { expect, type APIRequestContext } from '@playwright/test';
import type { TestUser } from './session';

/** A 1×1 PNG: the upload checks the files' bytes, not what they show. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PIXEL });

/**
 * Sends a passport and a selfie for identity verification (issue 17), as the verification wizard
 * does. Answers false when this server has no verification yet (the route is unknown), so a test
 * that needs a verified user can skip until it lands.
 */
export async function submitIdentity(request: APIRequestContext, user: TestUser): Promise<boolean> {
  const upload = await request.post(`/api/user_account/upload-kyc/user=${user.userId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: { document_type: 'passport', captured_selfie: image('selfie.png'), front_captured_image: image('passport.png') },
  });
  if (upload.status() === 404) return false;
  expect(upload.status(), await upload.text()).toBe(201);
  return true;
}

/** Waits for the embedded default's automatic approval (KYC_AUTO_APPROVE_SECONDS, 30 s unless set). */
export async function waitForIdentityApproved(request: APIRequestContext, user: TestUser): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/user_account/verification/user=${user.userId}`, {
          headers: { Authorization: `Bearer ${user.token}` },
        });
        return ((await answer.json()) as { is_verified?: string }).is_verified;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe('true');
}
