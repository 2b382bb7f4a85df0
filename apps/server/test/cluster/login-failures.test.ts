import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes, errorCodes } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { latestCode, signUpUser } from '../helpers.js';
import { startTwoProcesses, type TwoProcesses } from './cluster-helpers.js';

const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.5';
const MAX = 10;

/** The login-failure lock (decisions.md) counts the failures every process saw. */
describe('failed logins across two processes', () => {
  let cluster: TwoProcesses;
  beforeAll(async () => {
    cluster = await startTwoProcesses({ rateLimit: { authPerIpPerMinute: 0, loginFailuresPerEmail: MAX, loginFailureWindowMs: 15 * 60_000 } });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  const login = (app: App, remoteAddress: string, email: string, password: string, otp?: string) =>
    app.inject({ method: 'POST', url: '/api/user_account/login', remoteAddress, payload: { email, password, otp } });

  it('locks the address that failed ten times on either process, and asks the owner for a mailed code on both', async () => {
    const { a, b } = cluster;
    const user = await signUpUser(a, 'owner');
    // Five failures on each: neither process alone has seen the limit.
    for (let i = 0; i < MAX; i++) expect((await login(i % 2 === 0 ? a : b, ATTACKER, user.email, 'wrong-password')).statusCode).toBe(401);

    for (const app of [a, b]) {
      const locked = await login(app, ATTACKER, user.email, user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe(apiErrorCodes.rateLimited);
    }
    const asked = await login(b, OWNER, user.email, user.password);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe(errorCodes.loginCodeRequired);
    const code = await latestCode(b, user.email);
    expect((await login(a, OWNER, user.email, user.password, code)).statusCode).toBe(200);
  });
});
