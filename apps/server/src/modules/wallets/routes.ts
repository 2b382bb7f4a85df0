import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADJUSTMENT_KIND,
  balancesQuery,
  coinBalanceQuery,
  coinBalanceResponse,
  errorResponse,
  ledgerHistoryQuery,
  ledgerHistoryResponse,
  transferHistoryResponse,
  transferRequest,
  transferResponse,
  uidParams,
  userWalletParams,
  userWalletResponse,
  userWalletsResponse,
  walletBalancesResponse,
  walletMessages,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { selfByUid } from '../../plugins/auth.js';
import { balancesOf } from '../../ledger/accounts.js';
import { keyedRequest } from '../../ledger/idempotency.js';
import { transferHistory } from './transfer-history.js';
import { transfer, type TransferDeps } from './transfer-service.js';
import { ledgerHistory } from '../../ledger/history.js';
import { adjustmentNotes } from '../console/index.js';
import { coinWallet, walletEntries, type PriceOf, type WalletCoin } from './views.js';
import { liveHoldsOf, walletBalances } from './balances.js';

export interface WalletRoutesOptions {
  db: Database;
  /** Last price in USDT of a base symbol (BTC...), undefined when the market has none. */
  getPrice: PriceOf;
  /** Listed coins, USDT included, in display order. Read on every call, so a getter may refresh it. */
  coins: () => readonly WalletCoin[];
  transfers: TransferDeps;
  /** The user's Earn principal per asset. */
  earnPrincipal: (userId: string) => Promise<ReadonlyMap<string, string>>;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['wallets'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** Wallet balances and transfers between Funding, Spot and Futures (spec 2 §7, spec 3 §7, issue 40), mounted under /api/v1. */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { db, getPrice, coins, transfers, earnPrincipal }) => {
  const findCoin = (idOrSymbol: string): WalletCoin => {
    const wanted = idOrSymbol.trim().toUpperCase();
    const coin = coins().find((c) => String(c.coinId) === wanted || c.symbol === wanted);
    if (!coin) throw new AppError(404, walletMessages.invalidCoin, 'INVALID_COIN');
    return coin;
  };

  app.get('/user-wallets/:uid', {
    preHandler: app.authenticate,
    schema: { tags, security, params: uidParams, response: { 200: userWalletsResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const wallet = await db.query<{ id: string }>('SELECT id FROM wallets WHERE user_id = $1', [userId]);
      return walletEntries(coins(), await balancesOf(db, userId), getPrice, wallet.rows[0]?.id ?? userId);
    },
  });

  app.get('/balances/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'Every wallet of every asset as available, held by what holds it (order, withdrawal, margin) and total, and Earn principal; totals in USDT.',
      params: uidParams,
      querystring: balancesQuery,
      response: { 200: walletBalancesResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const [balances, holds, earn] = await Promise.all([balancesOf(db, userId), liveHoldsOf(db, userId), earnPrincipal(userId)]);
      return walletBalances({ coins: coins(), balances, holds, earn, getPrice });
    },
  });

  app.get('/user-wallet/:uid/:coinId', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      params: userWalletParams,
      response: { 200: userWalletResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const coin = findCoin(req.params.coinId);
      const balances = await balancesOf(db, userId);
      return {
        cryptoWallet: coinWallet(coin, balances, getPrice),
        usdtWallet: coinWallet(findCoin('USDT'), balances, getPrice),
      };
    },
  });

  app.get('/coin-balance/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      params: uidParams,
      querystring: coinBalanceQuery,
      response: { 200: coinBalanceResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const wallet = coinWallet(findCoin(req.query.symbol), await balancesOf(db, userId), getPrice);
      return { spot_wallet: wallet.spot_wallet, future_wallet: wallet.future_wallet, price: wallet.price };
    },
  });

  app.post('/transfers', {
    preHandler: app.requireVerified,
    schema: {
      tags,
      security: [{ bearerAuth: [] }],
      description:
        'The apikey travels in the JSON body, not the query. An Idempotency-Key header makes retries safe: ' +
        'the same key and body answer the first result.',
      body: transferRequest,
      response: { 201: transferResponse, ...errors },
    },
    // Spec 3 §7 puts this call's apikey in the JSON body, beside the transfer.
    config: { apiKeyIn: 'body' },
    handler: async (req, reply) => {
      const userId = selfByUid(req, req.body.uid);
      const symbol = findCoin(req.body.symbol).symbol;
      const input = {
        symbol,
        amount: typeof req.body.amount === 'number' ? String(req.body.amount) : req.body.amount.trim(),
        from: req.body.transfer_from,
        to: req.body.transfer_to,
      };
      const { answer, replayed } = await transfer(transfers, userId, input, keyedRequest(req.headers, input));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer);
    },
  });

  app.get('/ledger-history/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      params: uidParams,
      querystring: ledgerHistoryQuery,
      response: { 200: ledgerHistoryResponse, ...errors },
    },
    handler: async (req) => {
      const rows = await ledgerHistory(db, selfByUid(req, req.params.uid), req.query.limit, req.query.offset);
      const notes = await adjustmentNotes(db, [...new Set(rows.filter((r) => r.kind === ADJUSTMENT_KIND).map((r) => r.id))]);
      return rows.map((r) => (notes.has(r.id) ? { ...r, note: notes.get(r.id) } : r));
    },
  });

  app.get('/transfer-history/:uid', {
    preHandler: app.authenticate,
    schema: { tags, security, params: uidParams, response: { 200: transferHistoryResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const rows = await transferHistory(db, userId);
      return rows.map((r) => ({
        symbol: r.symbol,
        amount: r.amount,
        transfer_from: r.from_wallet,
        transfer_to: r.to_wallet,
        status: r.status,
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
  });
};
