import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDepositDecisionResponse, adminDepositsResponse, DEFAULT_API_KEY, fundsMessages } from '@exchange/contract';
import { balancesOf } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { admin, makeOperator, nextCode, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('the console’s deposits on %s (issue 43)', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let treasury: TestOperator;
  let chief: TestOperator;
  let user: SignedUpUser;

  const db = () => t.app.services.db;
  const auditRows = async (target: string) =>
    (await db().query<{ action: string; reason: string }>('SELECT action, reason FROM operator_audit_log WHERE target = $1 ORDER BY id', [target])).rows;
  const usdtFunding = async () => (await balancesOf(db(), user.userId)).find((b) => b.asset === 'USDT' && b.wallet === 'funding')?.available ?? '0';

  /** A deposit row as the watcher leaves one it did not credit. */
  async function deposit(status: string, amount: string, extra: { reason?: string; attempts?: number } = {}): Promise<string> {
    const id = randomUUID();
    await db().query(
      `INSERT INTO deposits (id, user_id, network_id, symbol, tx_hash, idx, block_height, address, memo, amount, confirmations, status, reason, created_at, credit_attempts, last_error)
       VALUES ($1, $2, 1, 'USDT', $3, 0, 100, '0x0000000000000000000000000000000000000001', NULL, $4, 12, $5, $6, $7, $8, $9)`,
      [id, user.userId, `0x${id.replace(/-/g, '')}`, amount, status, extra.reason ?? null, clock.now(), extra.attempts ?? 0, extra.attempts ? 'ledger write failed' : null],
    );
    return id;
  }
  const credit = (op: TestOperator, id: string, code = nextCode(clock, op)) => admin(t.app, op.token, 'POST', `/deposits/${id}/credit`, { reason: 'ticket 7: user asked', totp_code: code });

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    treasury = await makeOperator(t.app, clock, ['treasury'], 'treasury');
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    user = await signUpUser(t.app, 'depositor');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a deposit below the minimum, credits it once through the ledger with the code, audited; the ledger check stays clean', async () => {
    const id = await deposit('skipped', '0.5', { reason: fundsMessages.belowMinimum('1', 'USDT') });
    const list = adminDepositsResponse.parse((await admin(t.app, treasury.token, 'GET', '/deposits?status=below_minimum')).json());
    expect(list.items.map((d) => d.id)).toContain(id);
    const before = await usdtFunding();

    const wrong = await credit(treasury, id, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(await auditRows(`deposit:${id}`)).toEqual([]);
    expect(await usdtFunding()).toBe(before);

    const res = await credit(treasury, id);
    expect(res.statusCode, res.body).toBe(200);
    const { deposit: done } = adminDepositDecisionResponse.parse(res.json());
    expect(done).toMatchObject({ status: 'credited', decided_by: treasury.email });
    expect(Number(await usdtFunding()) - Number(before)).toBeCloseTo(0.5, 12);
    expect(await auditRows(`deposit:${id}`)).toEqual([{ action: 'deposits.credit', reason: 'ticket 7: user asked' }]);
    expect(await checkLedger(db())).toEqual([]);

    const again = await credit(treasury, id);
    expect(again.statusCode).toBe(409);
    expect(Number(await usdtFunding()) - Number(before)).toBeCloseTo(0.5, 12);
    expect(await auditRows(`deposit:${id}`)).toHaveLength(1);
    const listed = adminDepositsResponse.parse((await admin(t.app, treasury.token, 'GET', '/deposits?status=below_minimum')).json());
    expect(listed.items.map((d) => d.id)).not.toContain(id);
  });

  it('refuses a deposit failing to credit with a reason its user reads, audited; a second decision is refused and leaves no row', async () => {
    const id = await deposit('accepted', '3', { attempts: 4 });
    const failing = adminDepositsResponse.parse((await admin(t.app, chief.token, 'GET', '/deposits?status=failing')).json());
    expect(failing.items.find((d) => d.id === id)).toMatchObject({ credit_attempts: 4, last_error: 'ledger write failed' });

    const res = await admin(t.app, chief.token, 'POST', `/deposits/${id}/refuse`, { reason: 'sent from a sanctioned address' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminDepositDecisionResponse.parse(res.json()).deposit).toMatchObject({ status: 'rejected', reason: 'sent from a sanctioned address' });
    // The watcher's retries are over: the credit is refused too, and neither leaves an audit row.
    expect((await credit(chief, id)).statusCode).toBe(409);
    expect((await admin(t.app, chief.token, 'POST', `/deposits/${id}/refuse`, { reason: 'twice' })).statusCode).toBe(409);
    expect(await auditRows(`deposit:${id}`)).toEqual([{ action: 'deposits.refuse', reason: 'sent from a sanctioned address' }]);
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/transaction-history/${user.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=deposit`, headers: bearer(user.token) });
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { id: string; status: string; reason: string | null }[]).find((d) => d.id === id)).toMatchObject({ status: 'rejected', reason: 'sent from a sanctioned address' });
  });

  it('does not credit a still-open deposit (the watcher’s) nor an unreadable one, and answers 404 for no deposit', async () => {
    const open = await deposit('accepted', '2', { attempts: 1 });
    expect((await credit(treasury, open)).statusCode).toBe(409);
    const unreadable = await deposit('rejected', '0', { reason: 'unreadable' });
    expect((await credit(treasury, unreadable)).statusCode).toBe(409);
    expect((await credit(treasury, randomUUID())).statusCode).toBe(404);
    expect(await auditRows(`deposit:${open}`)).toEqual([]);
    expect(await auditRows(`deposit:${unreadable}`)).toEqual([]);
  });

  it.runIf(kind === 'postgres')('credits a refused deposit once when two operators credit it at the same moment', async () => {
    const id = await deposit('rejected', '7', { reason: fundsMessages.depositAboveCapacity('USDT') });
    const before = await usdtFunding();
    const [a, b] = [nextCode(clock, treasury), nextCode(clock, chief)];
    const answers = await Promise.all([credit(treasury, id, a), credit(chief, id, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(Number(await usdtFunding()) - Number(before)).toBeCloseTo(7, 12);
    expect((await auditRows(`deposit:${id}`)).map((r) => r.action)).toEqual(['deposits.credit']);
    expect(await checkLedger(db())).toEqual([]);
  });
});
