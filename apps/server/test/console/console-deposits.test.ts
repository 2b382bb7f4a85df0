import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDepositDecisionResponse, adminDepositsResponse, DEFAULT_API_KEY, fundsMessages } from '@exchange/contract';
import { balancesOf } from '../../src/ledger/accounts.js';
import { depositAddressFor, networkByCode } from '../../src/modules/funds/index.js';
import { Dec } from '../../src/shared/decimal.js';
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

  /** A transfer the simulated chain carries to the exchange's XRP address with a destination tag that is nobody's, once the watcher saw it. */
  async function unclaimed(amount: string): Promise<string> {
    const xrp = networkByCode('XRP');
    if (!xrp) throw new Error('no XRP network');
    const address = await depositAddressFor(db(), t.app.services.addressKeys, user.userId, xrp);
    const chains = t.app.services.chains;
    if (!chains) throw new Error('no simulated chains');
    const sent = await chains.send(xrp.id, address.address, '999999999', 'XRP', new Dec(amount), clock.now().getTime());
    // The transfer is in the next block: the watcher sees it once that block is made.
    clock.advance(chains.blockMs);
    await t.app.services.deposits.step();
    const res = await db().query<{ id: string; user_id: string | null; status: string }>('SELECT id, user_id, status FROM deposits WHERE tx_hash = $1', [sent.txHash]);
    expect(res.rows).toEqual([{ id: expect.any(String), user_id: null, status: 'unclaimed' }]);
    return (res.rows[0] as { id: string }).id;
  }
  const xrpFunding = async (who: SignedUpUser) => (await balancesOf(db(), who.userId)).find((b) => b.asset === 'XRP' && b.wallet === 'funding')?.available ?? '0';

  it('records a deposit to the exchange’s address with a tag that is no user’s as unclaimed, credits it to the user the operator names, once, audited', async () => {
    const id = await unclaimed('25');
    // The watcher credited nobody: the tag's owner is unknown, and the address's owner is not its sender.
    expect(Number(await xrpFunding(user))).toBe(0);
    const list = adminDepositsResponse.parse((await admin(t.app, treasury.token, 'GET', '/deposits?status=unclaimed')).json());
    const listed = list.items.find((d) => d.id === id);
    expect(listed).toMatchObject({ user_id: null, email: null, symbol: 'XRP', memo: '999999999', status: 'unclaimed' });
    expect(Number(listed?.amount)).toBe(25);

    const namedless = await credit(treasury, id);
    expect(namedless.statusCode).toBe(409);
    expect(namedless.json()).toMatchObject({ message: expect.stringMatching(/give their id/) });
    const nobody = await admin(t.app, treasury.token, 'POST', `/deposits/${id}/credit`, { reason: 'ticket 9', totp_code: nextCode(clock, treasury), user_id: randomUUID() });
    expect(nobody.statusCode).toBe(404);

    const owner = await signUpUser(t.app, 'tag-forgotten');
    const res = await admin(t.app, treasury.token, 'POST', `/deposits/${id}/credit`, { reason: 'ticket 9: sender proved the transfer', totp_code: nextCode(clock, treasury), user_id: owner.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminDepositDecisionResponse.parse(res.json()).deposit).toMatchObject({ status: 'credited', user_id: owner.userId, email: owner.email, decided_by: treasury.email });
    expect(Number(await xrpFunding(owner))).toBe(25);
    expect(await auditRows(`deposit:${id}`)).toEqual([{ action: 'deposits.credit', reason: 'ticket 9: sender proved the transfer' }]);
    expect(await checkLedger(db())).toEqual([]);
    expect((await admin(t.app, treasury.token, 'POST', `/deposits/${id}/credit`, { reason: 'again', totp_code: nextCode(clock, treasury), user_id: user.userId })).statusCode).toBe(409);
    expect(Number(await xrpFunding(user))).toBe(0);

    // A deposit with a user is not moved to another.
    const own = await deposit('skipped', '0.5', { reason: fundsMessages.belowMinimum('1', 'USDT') });
    const moved = await admin(t.app, treasury.token, 'POST', `/deposits/${own}/credit`, { reason: 'ticket 10', totp_code: nextCode(clock, treasury), user_id: owner.userId });
    expect(moved.statusCode).toBe(409);
  });

  it('refuses an unclaimed deposit with a reason; it stays no user’s', async () => {
    const id = await unclaimed('3');
    const res = await admin(t.app, chief.token, 'POST', `/deposits/${id}/refuse`, { reason: 'nobody claimed it within 90 days' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminDepositDecisionResponse.parse(res.json()).deposit).toMatchObject({ status: 'rejected', user_id: null, reason: 'nobody claimed it within 90 days' });
    expect((await credit(chief, id)).statusCode).toBe(409);
    expect(await auditRows(`deposit:${id}`)).toEqual([{ action: 'deposits.refuse', reason: 'nobody claimed it within 90 days' }]);
  });

  it.runIf(kind === 'postgres')('credits an unclaimed deposit once when two operators name two users at the same moment', async () => {
    const id = await unclaimed('11');
    const other = await signUpUser(t.app, 'tag-claimant');
    const [a, b] = [nextCode(clock, treasury), nextCode(clock, chief)];
    const answers = await Promise.all([
      admin(t.app, treasury.token, 'POST', `/deposits/${id}/credit`, { reason: 'ticket 11', totp_code: a, user_id: user.userId }),
      admin(t.app, chief.token, 'POST', `/deposits/${id}/credit`, { reason: 'ticket 12', totp_code: b, user_id: other.userId }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(Number(await xrpFunding(user)) + Number(await xrpFunding(other))).toBe(11);
    expect((await auditRows(`deposit:${id}`)).map((r) => r.action)).toEqual(['deposits.credit']);
    expect(await checkLedger(db())).toEqual([]);
  });
});
