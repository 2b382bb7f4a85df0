import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coinBalanceResponse,
  DEFAULT_API_KEY,
  ledgerHistoryResponse,
  serverMessages,
  transferHistoryResponse,
  transferResponse,
  userWalletResponse,
  userWalletsResponse,
  walletMessages,
} from '@exchange/contract';
import { errorsPlugin } from '../../src/plugins/errors.js';
import { authPlugin } from '../../src/plugins/auth.js';
import { inProcessSessionEvents } from '../../src/modules/sessions/events.js';
import { createSessions, type Sessions } from '../../src/modules/sessions/sessions.js';
import { createTokenService } from '../../src/modules/sessions/tokens.js';
import { checkLedger } from '../../src/products.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { walletRoutes } from '../../src/modules/wallets/routes.js';
import type { WalletCoin } from '../../src/modules/wallets/views.js';
import { bearer, type DbKind, FEATURE_DB } from '../helpers.js';
import { countJournal, createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

const coins: WalletCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', coinId: 1, logoPath: '/api/v1/coin-icons/btc.svg' },
  { symbol: 'USDT', name: 'Tether', coinId: 99, logoPath: '/api/v1/coin-icons/usdt.svg' },
];
const prices: Record<string, string> = { BTC: '50000.5' };

async function buildWalletApp(t: LedgerDb, sessions: Sessions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { sessions, identityApproved: async () => false, frozen: async () => false });
  await app.register(walletRoutes, { prefix: '/api/v1', db: t.db, getPrice: (s) => prices[s], coins: () => coins, transfers: t.transfers, earnPrincipal: async () => new Map() });
  await app.ready();
  return app;
}

describe.each<DbKind>([FEATURE_DB])('wallet routes on %s', (kind) => {
  let t: LedgerDb;
  let app: FastifyInstance;
  let user: { id: string; uid: number };
  let other: { id: string; uid: number };
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await openLedgerDb(kind);
    const now = () => new Date();
    const tokens = createTokenService(randomBytes(32).toString('hex'), now);
    const sessions = createSessions({ db: t.db, tokens, events: inProcessSessionEvents(), ttlSeconds: 3600, now });
    app = await buildWalletApp(t, sessions);
    user = await createUser(t.db);
    other = await createUser(t.db);
    // Transfers need a verified email.
    await t.db.query('UPDATE users SET email_verified = true WHERE id = $1', [user.id]);
    auth = bearer(await sessions.open(t.db, user.id, { address: '127.0.0.1', userAgent: null }));
    await grantDemo(t.ledger, t.db, user.id, '10000');
  });
  afterAll(async () => {
    await app?.close();
    if (t) {
      expect(await checkLedger(t.db)).toEqual([]);
      await t.close();
    }
  });

  const post = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: { ...auth, ...headers },
      payload: { apikey: DEFAULT_API_KEY, ...payload },
    });

  it('needs the bearer token and the caller\u2019s own uid', async () => {
    const anon = await app.inject({ method: 'GET', url: `/api/v1/user-wallets/${user.uid}` });
    expect(anon.statusCode).toBe(401);
    for (const url of [
      `/api/v1/user-wallets/${other.uid}`,
      `/api/v1/user-wallet/${other.uid}/BTC`,
      `/api/v1/coin-balance/${other.uid}?symbol=BTC`,
      `/api/v1/transfer-history/${other.uid}`,
      '/api/v1/transfer-history/999999999',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ message: serverMessages.forbidden });
    }
    const res = await post({ uid: other.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 1 });
    expect(res.statusCode).toBe(403);
  });

  it('transfers, then every read shows the new balances in the contract shapes', async () => {
    const res = await post({ uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'usdt', amount: 2500.25 });
    expect(res.statusCode).toBe(201);
    const body = transferResponse.parse(res.json());
    expect(body.transfer).toMatchObject({
      symbol: 'USDT',
      amount: '2500.25',
      transfer_from: 'spot',
      transfer_to: 'futures',
      status: 'completed',
    });

    const wallets = await app.inject({ method: 'GET', url: `/api/v1/user-wallets/${user.uid}`, headers: auth });
    expect(wallets.statusCode).toBe(200);
    const [rows, totals] = userWalletsResponse.parse(wallets.json());
    expect(rows.map((r) => r.crypto_symbol)).toEqual(['BTC', 'USDT']);
    expect(rows[1]).toMatchObject({
      coin_id: 99,
      price: '1',
      spot_wallet: '7499.75',
      future_wallet: '2500.25',
      funding_wallet: '0',
    });
    expect(rows[0]).toMatchObject({ price: '50000.5', spot_wallet: '0' });
    expect(totals).toEqual({ overview: '10000', spot_wallet: '7499.75', future_wallet: '2500.25', funding_wallet: '0' });

    const one = await app.inject({ method: 'GET', url: `/api/v1/user-wallet/${user.uid}/1`, headers: auth });
    expect(one.statusCode).toBe(200);
    const pair = userWalletResponse.parse(one.json());
    expect(pair.cryptoWallet).toMatchObject({ crypto_symbol: 'BTC', crypto_name: 'Bitcoin', coin_id: 1, price: '50000.5' });
    expect(pair.usdtWallet).toMatchObject({ crypto_symbol: 'USDT', spot_wallet: '7499.75', future_wallet: '2500.25' });

    const coin = await app.inject({ method: 'GET', url: `/api/v1/coin-balance/${user.uid}?symbol=USDT`, headers: auth });
    expect(coinBalanceResponse.parse(coin.json())).toEqual({ spot_wallet: '7499.75', future_wallet: '2500.25', price: '1' });

    const unknown = await app.inject({ method: 'GET', url: `/api/v1/user-wallet/${user.uid}/NOPE`, headers: auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: walletMessages.invalidCoin });

    await post({ uid: String(user.uid), transfer_from: 'futures', transfer_to: 'spot', symbol: 'USDT', amount: '0.25' });
    const history = await app.inject({ method: 'GET', url: `/api/v1/transfer-history/${user.uid}`, headers: auth });
    const list = transferHistoryResponse.parse(history.json());
    expect(list.map((h) => [h.amount, h.transfer_from, h.transfer_to, h.status])).toEqual([
      ['0.25', 'futures', 'spot', 'completed'],
      ['2500.25', 'spot', 'futures', 'completed'],
    ]);
  });

  it('takes the amount as the JSON number the web sends (spec 3 §7), down to 8 decimals', async () => {
    for (const amount of [0.1, 0.00000001, 12.34567891]) {
      const there = await post({ uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount });
      expect(there.statusCode, String(amount)).toBe(201);
      expect(transferResponse.parse(there.json()).transfer.amount).toBe(amount.toFixed(8).replace(/\.?0+$/, ''));
      const back = await post({ uid: user.uid, transfer_from: 'futures', transfer_to: 'spot', symbol: 'USDT', amount });
      expect(back.statusCode, String(amount)).toBe(201);
    }
    const coin = await app.inject({ method: 'GET', url: `/api/v1/coin-balance/${user.uid}?symbol=USDT`, headers: auth });
    expect(coinBalanceResponse.parse(coin.json())).toMatchObject({ spot_wallet: '7500', future_wallet: '2500' });
  });

  it('answers bad transfers with the spec\u2019s messages and books nothing', async () => {
    const before = await countJournal(t.db);
    const base = { uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT' };
    const cases: [object, number, string][] = [
      [{ ...base, amount: 0 }, 400, walletMessages.invalidAmount],
      [{ ...base, amount: -5 }, 400, walletMessages.invalidAmount],
      [{ ...base, amount: 'ten' }, 400, walletMessages.invalidAmount],
      [{ ...base, amount: '0.0000000000000000001' }, 400, walletMessages.invalidAmount],
      [{ ...base, transfer_to: 'spot', amount: 1 }, 400, walletMessages.sameAccounts],
      [{ ...base, symbol: '', amount: 1 }, 400, walletMessages.selectAsset],
      [{ ...base, amount: 1_000_000 }, 400, walletMessages.insufficientBalance],
      [{ ...base, symbol: 'DOGE', amount: 1 }, 404, walletMessages.invalidCoin],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ message });
    }
    expect(await countJournal(t.db)).toBe(before);
  });

  it('pages the ledger history by journal transaction, never splitting a transfer\u2019s two legs', async () => {
    const history = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/ledger-history/${user.uid}?${query}`, headers: auth });
      expect(res.statusCode, query).toBe(200);
      return ledgerHistoryResponse.parse(res.json());
    };
    const all = await history('limit=200');
    const ids = [...new Set(all.map((row) => row.id))];
    expect(ids.length).toBeGreaterThan(3);
    expect(all.filter((row) => row.kind === 'transfer').length).toBe(2 * ids.filter((id) => all.find((r) => r.id === id)?.kind === 'transfer').length);

    const pages = [];
    for (let offset = 0; offset < ids.length; offset += 2) {
      const page = await history(`limit=2&offset=${offset}`);
      expect(new Set(page.map((row) => row.id))).toEqual(new Set(ids.slice(offset, offset + 2)));
      pages.push(...page);
    }
    expect(pages).toEqual(all);
    expect(await history(`limit=2&offset=${ids.length}`)).toEqual([]);

    const bad = await app.inject({ method: 'GET', url: `/api/v1/ledger-history/${user.uid}?offset=-1`, headers: auth });
    expect(bad.statusCode).toBe(400);
  });

  it('honours the Idempotency-Key header: one effect, the first answer replayed, 422 on another body', async () => {
    const payload = { uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 1 };
    const headers = { 'idempotency-key': `k-${kind}` };
    const before = await countJournal(t.db);
    const first = await post(payload, headers);
    const again = await post(payload, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countJournal(t.db)).toBe(before + 1);
    const changed = await post({ ...payload, amount: 2 }, headers);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ message: serverMessages.idempotencyKeyReused });
  });
});
