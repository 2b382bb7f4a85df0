import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorCodes, okxWsOpReply, serverMessages, type ApiKeyCreateResponse } from '@exchange/contract';
import { LedgerBusy } from '../../src/ledger/errors.js';
import { Ledger, type LedgerJob, type LedgerTx } from '../../src/ledger/ledger.js';
import { accountRef } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';
import { signUpUser, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { loggedIn, isReply } from '../trading-api-ws/okx-ws-helpers.js';
import { gate, probeWrites } from '../trading/commit-probe.js';
import { closeChecked, fund, newUser, placeOrder, type TestUser } from '../trading/trading-helpers.js';
import { convert, convertAtQuote, quote } from '../convert/convert-helpers.js';
import { countJournal, createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

const QUEUE = 3;

/** A job that books something, so its batch has a statement to write (and the probe something to hold). */
const grantJob = (userId: string) => ({
  run: (tx: LedgerTx) =>
    tx.post({
      kind: 'test_grant',
      userId,
      ref: null,
      legs: [
        { account: accountRef('system:demo-grant', 'USDT', 'spot'), amount: new Dec(-1) },
        { account: accountRef(userId, 'USDT', 'spot'), amount: new Dec(1) },
      ],
    }),
});

/**
 * Fills the queue behind a write the test holds. The ledger builds the next batch while a write is
 * in flight, so the first jobs leave the queue for that batch; the queue is then filled again.
 */
async function fillBehind(ledger: Ledger, job: () => LedgerJob<unknown>): Promise<Promise<unknown>[]> {
  const waiting: Promise<unknown>[] = [];
  const fill = () => {
    while (!ledger.full()) waiting.push(ledger.transact(job()));
  };
  fill();
  await vi.waitFor(() => expect(ledger.full()).toBe(false), { interval: 5 });
  fill();
  return waiting;
}

describe('the ledger queue bound', () => {
  let t: LedgerDb;

  beforeAll(async () => {
    t = await openLedgerDb('pglite');
  });
  afterAll(async () => t?.close());

  it('issue 14 #9: refuses a user job past maxQueue with LedgerBusy and nothing written, admits a system job', async () => {
    const ledger = new Ledger({ db: t.db, log: pino({ level: 'silent' }), maxQueue: QUEUE });
    const user = await createUser(t.db);
    const held = gate();
    const probe = probeWrites(t.db, { beforeWrite: (n) => (n === 1 ? held.opened : Promise.resolve()) });
    try {
      const first = ledger.transact(grantJob(user.id));
      await probe.moments.reached('write', 1);
      // The first batch is being written: these wait for the next one, and fill the queue.
      const waiting = Array.from({ length: QUEUE }, () => ledger.transact(grantJob(user.id)));
      const journalBefore = await countJournal(t.db);
      await expect(ledger.transact(grantJob(user.id))).rejects.toBeInstanceOf(LedgerBusy);
      const system = ledger.transact({ ...grantJob(user.id), system: true });
      held.open();
      await Promise.all([first, ...waiting, system]);
      // The first batch's one posting, then the queued ones and the system job: never the refused one.
      expect(await countJournal(t.db)).toBe(journalBefore + 1 + QUEUE + 1);
      // Drained, the queue takes jobs again.
      await expect(ledger.transact(grantJob(user.id))).resolves.toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      probe.restore();
    }
  });

  it('refuses a bound that is not a positive whole number', () => {
    expect(() => new Ledger({ db: t.db, log: pino({ level: 'silent' }), maxQueue: 0 })).toThrow('maxQueue');
  });
});

describe.each<DbKind>([FEATURE_DB])('a full ledger queue over HTTP on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startApp(kind, { ledgerMaxQueue: QUEUE });
    user = await newUser(t.app);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  it('issue 14 #9: a full ledger queue answers 503 with Retry-After, the error shape and nothing done', async () => {
    const q = await quote(t.app, 'USDT', 'BTC', '10');
    const held = gate();
    const probe = probeWrites(t.app.services.db, { beforeWrite: (n) => (n === 1 ? held.opened : Promise.resolve()) });
    try {
      const first = t.app.services.ledger.transact(grantJob(user.userId));
      await probe.moments.reached('write', 1);
      const waiting = await fillBehind(t.app.services.ledger, () => grantJob(user.userId));
      const res = await placeOrder(t.app, user, { order_type: 'buy', price: '1000', amount: '0.001' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ message: serverMessages.busy, code: apiErrorCodes.busy, retry_after_seconds: 1 });
      const converted = await convert(t.app, user, { convert_from: 'USDT', convert_to: 'BTC', amount: q.amount, converted_amount: q.converted_amount, quote_id: q.quote_id });
      expect(converted.statusCode).toBe(503);
      held.open();
      await Promise.all([first, ...waiting]);
    } finally {
      probe.restore();
    }
    const orders = await t.app.services.db.query('SELECT id FROM spot_orders WHERE user_id = $1', [user.userId]);
    expect(orders.rows).toEqual([]);
    // The same order, sent again once the queue drained, is placed.
    const again = await placeOrder(t.app, user, { order_type: 'buy', price: '1000', amount: '0.001' });
    expect(again.statusCode).toBe(200);
    // The conversion refused for the queue kept its quote: sent again, it converts at it.
    await convertAtQuote(t.app, user, q);
  });
});

describe('a full ledger queue under OKX order entry', () => {
  let t: TestApp;
  let key: ApiKeyCreateResponse;
  let userId: string;
  let base: string;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { ledgerMaxQueue: QUEUE });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await signUpUser(t.app, 'okx-busy');
    userId = user.userId;
    await fund(t.app, user.userId, 'USDT', '100000');
    key = await createKey(t.app, user, { label: 'busy', permissions: ['read', 'trade'] });
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const restingBuy = (clOrdId: string) => ({ instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px: '1000', sz: '0.01', clOrdId });

  /** Holds the ledger's first batch and fills the queue behind it while `during` runs; then drains it. */
  async function whileFull<T>(during: () => Promise<T>): Promise<T> {
    const held = gate();
    const probe = probeWrites(t.app.services.db, { beforeWrite: (n) => (n === 1 ? held.opened : Promise.resolve()) });
    try {
      const first = t.app.services.ledger.transact(grantJob(userId));
      await probe.moments.reached('write', 1);
      const waiting = await fillBehind(t.app.services.ledger, () => grantJob(userId));
      const answer = await during();
      held.open();
      await Promise.all([first, ...waiting]);
      return answer;
    } finally {
      probe.restore();
    }
  }

  it('answers each order of a websocket batch with 50013, keeps the socket, and the same clOrdIds are placed once it drains', async () => {
    const client = await loggedIn(base, key);
    try {
      const args = [restingBuy('busy1'), restingBuy('busy2')];
      const reply = await whileFull(async () => {
        client.send({ id: 'b1', op: 'batch-orders', args });
        return okxWsOpReply.parse(await client.next(isReply('b1')));
      });
      // OKX's code 1: every order of the batch failed.
      expect(reply).toMatchObject({ id: 'b1', op: 'batch-orders', code: '1' });
      expect(reply.data.map((d) => [d.clOrdId, d.sCode, d.sMsg])).toEqual([
        ['busy1', '50013', 'Systems are busy. Please try again later.'],
        ['busy2', '50013', 'Systems are busy. Please try again later.'],
      ]);
      client.send({ id: 'b2', op: 'batch-orders', args });
      const again = okxWsOpReply.parse(await client.next(isReply('b2')));
      expect(again.data.map((d) => d.sCode)).toEqual(['0', '0']);
    } finally {
      client.close();
    }
  });

  it('answers a REST order with 50013 in its row, and nothing is placed', async () => {
    const count = async () => (await t.app.services.db.query(`SELECT count(*)::int AS n FROM spot_orders WHERE user_id = $1`, [userId])).rows[0];
    const before = await count();
    const body = JSON.stringify(restingBuy('busyRest'));
    const res = await whileFull(() => signedCall(t.app, key, { method: 'POST', path: '/api/v5/trade/order', body }));
    expect(res.json()).toMatchObject({ code: '1', data: [{ clOrdId: 'busyRest', sCode: '50013' }] });
    expect(await count()).toEqual(before);
  });
});
