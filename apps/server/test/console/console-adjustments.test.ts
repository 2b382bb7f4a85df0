import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAdjustmentResponse, adminAdjustmentsResponse, auditResponse, ledgerHistoryResponse, DEFAULT_API_KEY, type UserNotification } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { balanceOf } from '../funds/withdraw-helpers.js';
import { listOf } from '../notifications/notification-helpers.js';
import { appCode } from '../security/security-helpers.js';
import { admin, makeOperator, nextCode, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('four-eyes adjustments on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let treasury: TestOperator;
  let chief: TestOperator;
  let colleague: TestOperator;
  let support: TestOperator;
  let user: SignedUpUser;

  const db = () => t.app.services.db;
  const count = async (sql: string, params: unknown[] = []) => Number((await db().query<{ n: string }>(sql, params as string[])).rows[0]?.n);
  const auditCount = () => count('SELECT count(*) AS n FROM operator_audit_log');
  const postings = (id: string) => count(`SELECT count(*) AS n FROM journal_transactions WHERE kind = 'adjustment' AND ref = $1`, [id]);
  const spot = async () => (await balanceOf(t.app, user.userId, 'USDT', 'spot')).available;

  async function propose(op: TestOperator, body: Record<string, unknown>): Promise<string> {
    const res = await admin(t.app, op.token, 'POST', '/adjustments', { user_id: user.userId, asset: 'usdt', wallet: 'spot', totp_code: nextCode(clock, op), ...body });
    expect(res.statusCode, res.body).toBe(200);
    const { adjustment } = adminAdjustmentResponse.parse(res.json());
    expect(adjustment).toMatchObject({ status: 'pending', asset: 'USDT', proposed_by: op.email, transaction_id: null });
    return adjustment.id;
  }
  const approve = (op: TestOperator, id: string, code = nextCode(clock, op)) => admin(t.app, op.token, 'POST', `/adjustments/${id}/approve`, { totp_code: code });

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    treasury = await makeOperator(t.app, clock, ['treasury'], 'treasury');
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    colleague = await makeOperator(t.app, clock, ['treasury'], 'colleague');
    support = await makeOperator(t.app, clock, ['support'], 'support');
    user = await signUpUser(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('books a credit only when a second operator approves it; the ledger check stays clean and the user reads the reason', async () => {
    const before = await spot();
    const audits = await auditCount();
    const id = await propose(treasury, { direction: 'credit', amount: '25.5', reason: 'Goodwill for the outage of ticket 4711' });
    expect(await spot()).toBe(before);
    expect(await postings(id)).toBe(0);

    const own = await approve(treasury, id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: expect.stringMatching(/another operator must approve/) });
    expect(await spot()).toBe(before);
    expect(await auditCount()).toBe(audits + 1);

    const pushed: UserNotification[] = [];
    const stop = t.app.services.notificationEvents.shared.subscribe((userId, row) => {
      if (userId === user.userId) pushed.push(row());
    });
    const res = await approve(chief, id);
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(adminAdjustmentResponse.parse(res.json()).adjustment).toMatchObject({ status: 'approved', decided_by: chief.email, transaction_id: expect.any(String) });
    expect(Number(await spot())).toBe(Number(before) + 25.5);
    const told = { code: 'adjustment_booked', params: { asset: 'USDT', wallet: 'spot', direction: 'credit', amount: '25.5', reason: 'Goodwill for the outage of ticket 4711' } };
    expect(pushed).toEqual([expect.objectContaining(told)]);
    expect((await listOf(t.app, user)).items.filter((n) => n.code === 'adjustment_booked')).toEqual([expect.objectContaining(told)]);
    expect(await postings(id)).toBe(1);
    expect(await auditCount()).toBe(audits + 2);
    expect(await checkLedger(db())).toEqual([]);

    const log = auditResponse.parse((await admin(t.app, chief.token, 'GET', `/audit?target=${id}`)).json());
    expect(log.items.map((r) => [r.action, r.operator])).toEqual([
      ['adjustments.approve', chief.email],
      ['adjustments.propose', treasury.email],
    ]);

    const history = await t.app.inject({ method: 'GET', url: `/api/v1/ledger-history/${user.uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
    const row = ledgerHistoryResponse.parse(history.json()).find((r) => r.kind === 'adjustment');
    expect(row).toMatchObject({ amount: '25.5', asset: 'USDT', wallet: 'spot', note: 'Goodwill for the outage of ticket 4711' });

    expect((await approve(colleague, id)).statusCode).toBe(409);
    expect(await postings(id)).toBe(1);
  });

  it('refuses a debit the balance cannot pay at approval: no posting, no audit row; a smaller debit is booked', async () => {
    const balance = await spot();
    const tooMuch = await propose(treasury, { direction: 'debit', amount: String(Number(balance) + 1), reason: 'Correction of a double credit' });
    const audits = await auditCount();
    const res = await approve(colleague, tooMuch);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/less than the debit/) });
    expect(await auditCount()).toBe(audits);
    expect((await listOf(t.app, user)).items.filter((n) => n.code === 'adjustment_booked' && n.params.direction === 'debit')).toEqual([]);
    expect(await postings(tooMuch)).toBe(0);
    expect(await spot()).toBe(balance);

    const fine = await propose(treasury, { direction: 'debit', amount: '5', reason: 'Correction of a double credit' });
    expect((await approve(colleague, fine)).statusCode).toBe(200);
    expect(Number(await spot())).toBe(Number(balance) - 5);
    expect((await listOf(t.app, user)).items.filter((n) => n.code === 'adjustment_booked' && n.params.direction === 'debit')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ amount: '5', reason: 'Correction of a double credit' }) }),
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('rejects or cancels with a reason, and a decided adjustment is not decided again', async () => {
    const rejected = await propose(treasury, { direction: 'credit', amount: '1', reason: 'Refund' });
    const res = await admin(t.app, chief.token, 'POST', `/adjustments/${rejected}/reject`, { reason: 'No ticket' });
    expect(adminAdjustmentResponse.parse(res.json()).adjustment).toMatchObject({ status: 'rejected', decision_reason: 'No ticket', decided_by: chief.email });
    expect((await approve(colleague, rejected)).statusCode).toBe(409);

    const cancelled = await propose(treasury, { direction: 'credit', amount: '1', reason: 'Refund' });
    const own = await admin(t.app, treasury.token, 'POST', `/adjustments/${cancelled}/reject`, { reason: 'Typo in the amount' });
    expect(adminAdjustmentResponse.parse(own.json()).adjustment.status).toBe('cancelled');
    expect(await postings(rejected)).toBe(0);
    expect(await postings(cancelled)).toBe(0);
    const actions = auditResponse.parse((await admin(t.app, chief.token, 'GET', `/audit?action=adjustments.cancel&target=${cancelled}`)).json()).items;
    expect(actions).toHaveLength(1);

    const pending = await propose(treasury, { direction: 'credit', amount: '2', reason: 'Pending one' });
    const list = adminAdjustmentsResponse.parse((await admin(t.app, chief.token, 'GET', '/adjustments?limit=3')).json());
    expect(list.items[0]).toMatchObject({ id: pending, status: 'pending' });
    expect(list.next_offset).toBe(3);
    const onlyRejected = adminAdjustmentsResponse.parse((await admin(t.app, chief.token, 'GET', '/adjustments?status=rejected')).json());
    expect(onlyRejected.items.map((a) => a.id)).toEqual([rejected]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('refuses bad proposals in plain words and lets support do nothing', async () => {
    const bad = async (body: Record<string, unknown>, status: number, message: RegExp) => {
      const res = await admin(t.app, treasury.token, 'POST', '/adjustments', { user_id: user.userId, asset: 'USDT', wallet: 'spot', direction: 'credit', amount: '1', reason: 'r', totp_code: nextCode(clock, treasury), ...body });
      expect(res.statusCode, res.body).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(message);
    };
    await bad({ asset: 'NOPE' }, 400, /does not hold this asset/);
    await bad({ amount: '1000000000000000' }, 400, /at most|maximum/i);
    await bad({ amount: '0' }, 400, /positive/);
    await bad({ reason: 'x'.repeat(501) }, 400, /at most 500/);
    await bad({ wallet: 'futures' }, 400, /wallet must be/);
    await bad({ user_id: treasury.userId }, 403, /own account/);
    await bad({ totp_code: '000000' }, 400, /.+/);
    for (const path of ['/adjustments', '/adjustments?status=pending']) expect((await admin(t.app, support.token, 'GET', path)).statusCode).toBe(403);
  });

  it.runIf(kind === 'postgres')('books an adjustment once when two operators approve it at the same moment', async () => {
    const id = await propose(treasury, { direction: 'credit', amount: '7', reason: 'Race' });
    const before = await spot();
    clock.advance(30_000);
    const at = clock.now().getTime();
    const answers = await Promise.all([approve(chief, id, appCode(chief.secret, at)), approve(colleague, id, appCode(colleague.secret, at))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await postings(id)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM operator_audit_log WHERE action = 'adjustments.approve' AND target = $1`, [`adjustment:${id}`])).toBe(1);
    expect(Number(await spot())).toBe(Number(before) + 7);
    expect(await checkLedger(db())).toEqual([]);
  });
});
