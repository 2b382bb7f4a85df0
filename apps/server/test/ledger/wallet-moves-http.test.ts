import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountLimitMessages,
  DEFAULT_API_KEY,
  serverMessages,
  TRANSFER_WALLETS,
  transferResponse,
  walletBalancesResponse,
  walletMessages,
  type TransferAccount,
  type WalletBalancesResponse,
} from '@exchange/contract';
import { errorsPlugin } from '../../src/plugins/errors.js';
import { authPlugin } from '../../src/plugins/auth.js';
import { inProcessSessionEvents } from '../../src/modules/sessions/events.js';
import { createSessions } from '../../src/modules/sessions/sessions.js';
import { createTokenService } from '../../src/modules/sessions/tokens.js';
import { checkLedger } from '../../src/products.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { accountRef, type AccountRef, type Hold } from '../../src/ledger/postings.js';
import { formatMaximum, maxAmountOf } from '../../src/shared/asset-limits.js';
import { walletRoutes } from '../../src/modules/wallets/routes.js';
import type { WalletCoin } from '../../src/modules/wallets/views.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, type DbKind, FEATURE_DB } from '../helpers.js';
import { countJournal, createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

const coins: WalletCoin[] = [
  { symbol: 'USDT', name: 'Tether', coinId: 0, logoPath: '/api/v1/coin-icons/usdt.svg' },
  { symbol: 'BTC', name: 'Bitcoin', coinId: 1, logoPath: '/api/v1/coin-icons/btc.svg' },
];
const prices: Record<string, string> = { BTC: '50000' };
const earn = new Map<string, ReadonlyMap<string, string>>();

/** The balance of one wallet part of the answer, for the asset. */
function part(body: WalletBalancesResponse, symbol: string, wallet: TransferAccount) {
  const asset = body.assets.find((a) => a.symbol === symbol);
  if (!asset) throw new Error(`no ${symbol} row`);
  return asset[wallet];
}

const sum = (values: readonly string[]) => values.reduce((s, v) => s.plus(v), new Dec(0));

/** Every total of the answer is the sum of the rows beside it. */
function expectAddsUp(body: WalletBalancesResponse) {
  for (const a of body.assets) {
    for (const w of TRANSFER_WALLETS) {
      expect(sum([a[w].available, ...a[w].held.map((h) => h.amount)]).toFixed(), `${a.symbol} ${w}`).toBe(new Dec(a[w].total).toFixed());
    }
    expect(sum([a.funding.total, a.spot.total, a.futures.total, a.earn]).toFixed(), a.symbol).toBe(new Dec(a.total).toFixed());
    expect(new Dec(a.total).times(a.price).toFixed(), a.symbol).toBe(new Dec(a.value).toFixed());
  }
  const t = body.totals;
  for (const w of TRANSFER_WALLETS) {
    expect(sum([t[w].available, ...t[w].held.map((h) => h.amount)]).toFixed(), w).toBe(new Dec(t[w].total).toFixed());
    expect(sum(body.assets.map((a) => new Dec(a[w].total).times(a.price).toFixed())).toFixed(), w).toBe(new Dec(t[w].total).toFixed());
  }
  expect(sum([t.funding.total, t.spot.total, t.futures.total, t.earn]).toFixed()).toBe(new Dec(t.total).toFixed());
  expect(sum(body.assets.map((a) => a.value)).toFixed()).toBe(new Dec(t.total).toFixed());
}

describe.each<DbKind>([FEATURE_DB])('moves between Funding, Spot and Futures on %s', (kind) => {
  let t: LedgerDb;
  let app: FastifyInstance;
  let user: { id: string; uid: number };
  let other: { id: string; uid: number };
  let auth: { authorization: string };
  let otherAuth: { authorization: string };

  beforeAll(async () => {
    t = await openLedgerDb(kind);
    const now = () => new Date();
    const tokens = createTokenService(randomBytes(32).toString('hex'), now);
    const sessions = createSessions({ db: t.db, tokens, events: inProcessSessionEvents(), ttlSeconds: 3600, now });
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(authPlugin, { sessions, identityApproved: async () => false, frozen: async () => false });
    await app.register(walletRoutes, {
      prefix: '/api/v1',
      db: t.db,
      getPrice: (s) => prices[s],
      coins: () => coins,
      transfers: t.transfers,
      earnPrincipal: async (userId) => earn.get(userId) ?? new Map(),
    });
    await app.ready();
    user = await createUser(t.db);
    other = await createUser(t.db);
    for (const u of [user, other]) await t.db.query('UPDATE users SET email_verified = true WHERE id = $1', [u.id]);
    auth = bearer(await sessions.open(t.db, user.id, { address: '127.0.0.1', userAgent: null }));
    otherAuth = bearer(await sessions.open(t.db, other.id, { address: '127.0.0.1', userAgent: null }));
    await grantDemo(t.ledger, t.db, user.id, '1000');
    await grantDemo(t.ledger, t.db, other.id, '1000');
  });
  afterAll(async () => {
    await app?.close();
    if (t) {
      expect(await checkLedger(t.db)).toEqual([]);
      await t.close();
    }
  });

  const move = (from: string, to: string, amount: number | string, headers = auth, uid = user.uid, symbol = 'USDT') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers,
      payload: { apikey: DEFAULT_API_KEY, uid, transfer_from: from, transfer_to: to, symbol, amount },
    });
  const balances = async (headers = auth, uid = user.uid) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/balances/${uid}?apikey=${DEFAULT_API_KEY}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return walletBalancesResponse.parse(res.json());
  };
  const available = async (wallet: TransferAccount) => part(await balances(), 'USDT', wallet).available;

  it('moves money in every direction between the three wallets, each move one journal transaction', async () => {
    const directions: [TransferAccount, TransferAccount, string][] = [
      ['spot', 'funding', '400'],
      ['funding', 'futures', '150'],
      ['futures', 'funding', '50'],
      ['funding', 'spot', '100.5'],
      ['spot', 'futures', '25'],
      ['futures', 'spot', '0.00000001'],
    ];
    const expected: Record<TransferAccount, Dec> = { funding: new Dec(0), spot: new Dec(1000), futures: new Dec(0) };
    for (const [from, to, amount] of directions) {
      const before = await countJournal(t.db);
      const res = await move(from, to, amount);
      expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(201);
      expect(transferResponse.parse(res.json()).transfer).toMatchObject({ transfer_from: from, transfer_to: to, amount, status: 'completed' });
      expect(await countJournal(t.db)).toBe(before + 1);
      expected[from] = expected[from].minus(amount);
      expected[to] = expected[to].plus(amount);
    }
    const body = await balances();
    for (const w of TRANSFER_WALLETS) expect(part(body, 'USDT', w).available, w).toBe(expected[w].toFixed());
    expectAddsUp(body);
    const history = await app.inject({ method: 'GET', url: `/api/v1/transfer-history/${user.uid}`, headers: auth });
    expect(history.json().map((h: { transfer_from: string; transfer_to: string }) => `${h.transfer_from}>${h.transfer_to}`)).toEqual(
      directions.map(([from, to]) => `${from}>${to}`).reverse(),
    );
  });

  it('keeps the spec’s spot ⇄ futures call as it was: the same body, the same answer', async () => {
    const res = await move('Spot', 'FUTURES', 1);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: walletMessages.transferSuccessful, transfer: { transfer_from: 'spot', transfer_to: 'futures' } });
    expect((await move('futures', 'spot', 1)).statusCode).toBe(201);
  });

  it('refuses what it cannot do, with a plain message, and books nothing', async () => {
    const before = await countJournal(t.db);
    const overMax = new Dec(maxAmountOf('USDT')).plus(1).toFixed();
    const cases: [string, string, number | string, number, string][] = [
      ['funding', 'spot', 1_000_000, 400, walletMessages.insufficientBalance],
      ['futures', 'funding', 1_000_000, 400, walletMessages.insufficientBalance],
      ['funding', 'funding', 1, 400, walletMessages.sameAccounts],
      ['earn', 'spot', 1, 400, 'Please choose the Funding, Spot or Futures account'],
      ['funding', 'margin', 1, 400, 'Please choose the Funding, Spot or Futures account'],
      ['funding', 'spot', 0, 400, walletMessages.invalidAmount],
      ['funding', 'spot', overMax, 400, amountLimitMessages.aboveMaximum(formatMaximum(maxAmountOf('USDT')), 'USDT')],
    ];
    for (const [from, to, amount, status, message] of cases) {
      const res = await move(from, to, amount);
      expect(res.statusCode, `${from} → ${to} ${amount}`).toBe(status);
      expect(res.json(), `${from} → ${to} ${amount}`).toMatchObject({ message });
    }
    expect(await countJournal(t.db)).toBe(before);
  });

  it('moves no one else’s money and shows no one else’s balances', async () => {
    const before = await available('funding');
    const theirs = await move('spot', 'funding', 1, otherAuth, user.uid);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ message: serverMessages.forbidden });
    expect(await available('funding')).toBe(before);
    const read = await app.inject({ method: 'GET', url: `/api/v1/balances/${user.uid}?apikey=${DEFAULT_API_KEY}`, headers: otherAuth });
    expect(read.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/balances/${user.uid}?apikey=${DEFAULT_API_KEY}` });
    expect(anonymous.statusCode).toBe(401);
    expect(part(await balances(otherAuth, other.uid), 'USDT', 'spot').available).toBe('1000');
  });

  it('shows the held part by what holds it, and every total is the sum of its rows', async () => {
    const spot = accountRef(user.id, 'USDT', 'spot');
    const funding = accountRef(user.id, 'USDT', 'funding');
    const btc = accountRef(user.id, 'BTC', 'spot');
    const holds: Hold[] = [];
    const hold = (account: AccountRef, amount: string, reason: string) =>
      t.ledger.transact({ reads: [account], run: (tx) => void holds.push(tx.placeHold(account, new Dec(amount), reason)) });
    await hold(spot, '100', 'order');
    await hold(funding, '150', 'withdrawal');
    await t.ledger.transact({
      reads: [],
      run: (tx) =>
        void tx.post({
          kind: 'demo_grant',
          userId: user.id,
          ref: null,
          legs: [
            { account: accountRef('system:demo-grant', 'BTC', 'spot'), amount: new Dec('-0.5') },
            { account: btc, amount: new Dec('0.5') },
          ],
        }),
    });
    await hold(btc, '0.2', 'order');
    earn.set(user.id, new Map([['USDT', '20']]));

    const body = await balances();
    expect(part(body, 'USDT', 'spot').held).toEqual([{ reason: 'order', amount: '100' }]);
    expect(part(body, 'USDT', 'funding').held).toEqual([{ reason: 'withdrawal', amount: '150' }]);
    const usdt = body.assets.find((a) => a.symbol === 'USDT');
    expect(usdt?.earn).toBe('20');
    expect(part(body, 'BTC', 'spot')).toEqual({ available: '0.3', held: [{ reason: 'order', amount: '0.2' }], total: '0.5' });
    expect(body.totals.spot.held).toEqual([{ reason: 'order', amount: '10100' }]);
    expectAddsUp(body);
    // The free part is what a withdrawal or a transfer can take: no more.
    const free = part(body, 'USDT', 'funding').available;
    expect((await move('funding', 'spot', new Dec(free).plus('0.01').toFixed())).json()).toMatchObject({ message: walletMessages.insufficientBalance });
    await t.ledger.transact({ reads: [], run: (tx) => holds.forEach((h) => tx.release(h)) });
    earn.delete(user.id);
    expect((await balances()).totals.spot.held).toEqual([]);
  });
});
