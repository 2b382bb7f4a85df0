import type { OperatorRole } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { grantRole } from '../../src/modules/console/index.js';
import { bearer, signUpUser, type SignedUpUser } from '../helpers.js';
import { appCode, enableTotp } from '../security/security-helpers.js';

export interface TestOperator extends SignedUpUser {
  secret: string;
}

/** A clock the tests move by hand, in whole TOTP periods, so that each code asked for is a fresh one. */
export interface StepClock {
  now: () => Date;
  advance(ms: number): void;
}

/** A user with the authenticator app on and the given roles, granted the way the command line does. */
export async function makeOperator(app: App, clock: StepClock, roles: readonly OperatorRole[], tag = 'operator'): Promise<TestOperator> {
  const user = await signUpUser(app, tag);
  const { secret } = await enableTotp(app, user, clock.now().getTime());
  for (const role of roles) {
    await grantRole(app.services.db, user.email, role, { operator: 'cli:test', role: 'cli', at: clock.now() });
  }
  return { ...user, secret };
}

/** The operator's next authenticator code: the clock moves one period on first, so no code is spent twice. */
export function nextCode(clock: StepClock, operator: TestOperator): string {
  clock.advance(30_000);
  return appCode(operator.secret, clock.now().getTime());
}

export function admin(app: App, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) {
  return app.inject({ method, url: `/api/admin${path}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

/** Rows in the operator audit log: what an action must add one to, and a refused one none. */
export async function auditRows(app: App): Promise<number> {
  return Number((await app.services.db.query<{ n: string }>('SELECT count(*) AS n FROM operator_audit_log')).rows[0]?.n);
}
