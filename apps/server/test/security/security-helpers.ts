import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, type SignedUpUser } from '../helpers.js';

export const security = '/api/user_account/security';

/** The code an authenticator app shows for `secret` at `nowMs`, made by otpauth apart from the server's own code. */
export function appCode(secret: string, nowMs: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: nowMs });
}

/** A code that is not the app's at `nowMs` (nor one period either side). */
export function wrongCode(secret: string, nowMs: number): string {
  const live = new Set([-30_000, 0, 30_000].map((d) => appCode(secret, nowMs + d)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!live.has(candidate)) return candidate;
  }
}

export function post(app: App, user: SignedUpUser, path: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `${security}${path}`, headers: bearer(user.token), payload: { user_id: user.userId, ...payload } });
}

/** Turns the authenticator app on for `user` with the password: the setup's secret, the first code, the recovery codes. */
export async function enableTotp(app: App, user: SignedUpUser, nowMs: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post(app, user, '/totp/setup', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const enabled = await post(app, user, '/totp/enable', { totp_code: appCode(secret, nowMs), password: user.password });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: (enabled.json() as { recovery_codes: string[] }).recovery_codes };
}

export function loginWith(app: App, email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/user_account/login', payload: { email, password, ...extra } });
}
