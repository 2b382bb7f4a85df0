import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { uniqueEmail } from '../helpers.js';
import { startTwoProcesses, type TwoProcesses } from './cluster-helpers.js';

const CLIENT = '198.51.100.20';
const OTHER_CLIENT = '203.0.113.20';
const PER_MINUTE = 30;

/** The per-address request limit of the account routes, counted in Redis by every process. */
describe('the per-address rate limit across two processes', () => {
  let cluster: TwoProcesses;
  beforeAll(async () => {
    // No login-failure lock: only the request limit may answer 429 here.
    cluster = await startTwoProcesses({ rateLimit: { authPerIpPerMinute: PER_MINUTE, loginFailuresPerEmail: 0, loginFailureWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  const login = (app: App, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/user_account/login', remoteAddress, payload: { email: uniqueEmail(), password: 'wrong-password-1' } });

  it('refuses the 31st login of a minute from one address whichever process it reaches, and no other address', async () => {
    const { a, b } = cluster;
    // Alternating, each process sees only 15 of the 30: alone, neither would be near its limit.
    for (let i = 0; i < PER_MINUTE; i++) expect((await login(i % 2 === 0 ? a : b, CLIENT)).statusCode).toBe(401);
    for (const app of [a, b]) {
      const refused = await login(app, CLIENT);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: apiErrorCodes.rateLimited, retry_after_seconds: expect.any(Number) });
    }
    expect((await login(b, OTHER_CLIENT)).statusCode).toBe(401);
  });
});
