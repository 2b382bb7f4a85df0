import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closePositionQuery,
  closePositionResponse,
  errorCodes,
  errorResponse,
  futuresContractsResponse,
  futuresMaxLeverage,
  futuresMessages,
  futuresPositionsQuery,
  futuresPositionsResponse,
  openFuturesQuery,
  openFuturesResponse,
  userFuturesParams,
  userFuturesQuery,
  userFuturesResponse,
  verificationMessages,
  type FuturesContract,
} from '@exchange/contract';
import { FUNDING_INTERVAL_MS } from '@exchange/risk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { keyedRequest } from '../../ledger/idempotency.js';
import { selfByUid } from '../../plugins/auth.js';
import { Dec } from '../../shared/decimal.js';
import type { Venues } from '../../venue/venues.js';
import type { FuturesService } from './futures-service.js';
import { parseOpen } from './parse-open.js';
import { positionToolsRoutes, sideLeverage } from './position-tools-routes.js';
import { idOwner, userOrders, userPositions } from './position-store.js';
import { toOrderRow, toPosition } from './position-view.js';
import type { RiskMonitor } from './risk-monitor.js';
import { INSURANCE } from './settlement.js';
import type { LiveOrder } from './types.js';

export interface FuturesRoutesOptions {
  db: Database;
  futures: FuturesService;
  monitor: RiskMonitor;
  venues: Venues;
  nowMs: () => number;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['futures'];
const security = [{ bearerAuth: [], apiKey: [] }];
const RATE_DECIMALS = 8;

/** Perpetual futures (spec 2 §7 and issue 14), mounted under /api/v1. */
export const futuresRoutes: FastifyPluginAsyncZod<FuturesRoutesOptions> = async (app, { db, futures, monitor, venues, nowMs }) => {
  /** The trading routes answer a missing or dead session, and a missing identity verification, in their own words. */
  const inFuturesWords = async (check: Promise<void>): Promise<void> => {
    try {
      await check;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 401) throw new AppError(401, futuresMessages.authRequired, err.code);
      if (err instanceof AppError && err.code === errorCodes.identityNotVerified) {
        throw new AppError(403, verificationMessages.futuresIdentityRequired, err.code);
      }
      throw err;
    }
  };
  const requireTrader = (req: FastifyRequest): Promise<void> => inFuturesWords(app.requireVerified(req));
  /** Opening a position needs a verified identity; closing never does, so no one is kept in a position. */
  const requireOpener = (req: FastifyRequest): Promise<void> => {
    const closing = (req.query as { position_action?: unknown }).position_action === 'close';
    return inFuturesWords(closing ? app.requireVerified(req) : app.requireIdentity(req));
  };

  await app.register(positionToolsRoutes, { db, futures, monitor, requireTrader });

  app.post('/futures', {
    preHandler: requireOpener,
    schema: {
      tags,
      security,
      description:
        'Places an order that opens or adds to the side’s position (or, with position_action=close, a reduce-only order on it: `amount` at market or at `entry_price`, at most what no other close order covers; a `take_profit` or `stop_loss` on it, each on its side of the position’s entry, is set on what of the position its first fill leaves open). Every field in the query string; an Idempotency-Key makes an opening retry safe. Opening needs a verified identity (403 IDENTITY_NOT_VERIFIED).',
      querystring: openFuturesQuery,
      response: { 200: openFuturesResponse, ...errors },
    },
    handler: async (req, reply) => {
      const userId = selfByUid(req, req.query.uid);
      const request = parseOpen(req.query, userId);
      if (req.query.leverage === undefined) request.leverage = await sideLeverage(db, futures, request);
      if (req.query.position_action === 'close') {
        const orders = await futures.reduce(userId, request.instId, request.side, {
          lots: request.lots,
          orderType: request.orderType,
          priceTicks: request.priceTicks,
          takeProfit: request.takeProfit,
          stopLoss: request.stopLoss,
        });
        const first = orders[0] as LiveOrder;
        const position = first.positionId === null ? undefined : futures.position(first.positionId);
        return {
          success: true as const,
          // Closed is what the position is; a close order that filled in full on a position still open closed part of it.
          message: position === undefined ? futuresMessages.closedSuccess : first.filled.gt(0) ? futuresMessages.partlyClosed : futuresMessages.closeOrderPlaced,
          future_id: first.id,
          position_id: first.positionId,
          status: first.status,
          filled_amount: first.filled.toFixed(),
          entry_price: first.filled.gt(0) ? first.entryCost.div(first.filled).toDecimalPlaces(8).toFixed() : first.orderPrice,
          margin: (position?.margin ?? new Dec(0)).toFixed(),
          liquidation_price: null,
        };
      }
      const { apikey: _apikey, ...fields } = req.query;
      request.idempotency = keyedRequest(req.headers, { route: 'futures', ...fields });
      const { answer, replayed } = await futures.open(request);
      if (replayed) reply.header('idempotent-replayed', 'true');
      const live = answer.position_id === null ? undefined : futures.position(answer.position_id);
      const lp = live ? monitor.liquidationPrice(live) : null;
      return { ...answer, liquidation_price: lp === null ? null : lp.toFixed(8) };
    },
  });

  app.get('/user-futures/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      params: userFuturesParams,
      querystring: userFuturesQuery,
      response: { 200: userFuturesResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const stored = await userOrders(db, userId, req.query.status, req.query.limit);
      const now = nowMs();
      return stored.map((row) => {
        // Resting orders and open positions are read from memory, which carries the live figures.
        const o = futures.restingOrder(row.id) ?? row;
        const p = o.positionId === null ? undefined : futures.position(o.positionId);
        return toOrderRow(o, p ? { position: p, liquidationPrice: monitor.liquidationPrice(p) } : null, monitor.markOf(o.instId), now);
      });
    },
  });

  app.get('/futures/positions', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description:
        'The caller’s positions, newest first: one per contract, side and margin mode while open (opening fills add at the size-weighted average entry), and the closed ones with their realised profit, fees, funding and exit price.',
      querystring: futuresPositionsQuery,
      response: { 200: futuresPositionsResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.userId as string;
      const stored = await userPositions(db, userId, req.query.status, req.query.limit);
      return stored.map((row) => {
        const p = futures.position(row.id) ?? row;
        return toPosition(p, monitor.markOf(p.instId), monitor.liquidationPrice(p), futures.reservedToReduce(p));
      });
    },
  });

  app.put('/close-position', {
    config: { whileFrozen: true },
    preHandler: requireTrader,
    schema: {
      tags,
      security,
      description: 'Closes a position at market (its id, or the id of an order that filled into it), or cancels a resting order and returns what it reserved.',
      querystring: closePositionQuery,
      response: { 200: closePositionResponse, ...errors },
    },
    handler: async (req) => {
      const found = await idOwner(db, req.query.future_id);
      if (!found) throw new AppError(404, futuresMessages.positionNotFound, 'NOT_FOUND');
      if (found.userId !== req.userId) throw new AppError(403, futuresMessages.notYours, 'FORBIDDEN');
      if (!found.open) throw new AppError(409, futuresMessages.alreadyClosed, 'ALREADY_CLOSED');
      return futures.close(found.userId, req.query.future_id, found.positionId);
    },
  });

  app.get('/futures/contracts', {
    schema: {
      tags,
      security: [{ apiKey: [] }],
      summary: 'Every perpetual contract: mark and index price, funding rate and time, open interest, insurance fund',
      response: { 200: futuresContractsResponse },
    },
    handler: async () => {
      const fund = await db.query<{ balance: string }>(
        `SELECT COALESCE(SUM(available + locked), 0)::text AS balance FROM ledger_accounts WHERE owner = $1 AND asset = $2 AND wallet = $3`,
        [INSURANCE.owner, INSURANCE.asset, INSURANCE.wallet],
      );
      const insurance = new Dec(fund.rows[0]?.balance ?? '0').toFixed();
      const out: FuturesContract[] = [];
      for (const v of venues.derivatives()) {
        const snap = monitor.snapshot(v.instId);
        if (!snap || futures.isExpired(v.instId)) continue;
        const oi = futures.openInterest(v.instId);
        const last = v.lastPrice;
        const mark = snap.mark;
        out.push({
          inst_id: v.instId,
          symbol: v.coin.symbol,
          coin_id: v.coin.pair_id,
          type: snap.type,
          expiry_time: snap.expiryMs,
          tick_size: v.coin.tick_size,
          lot_size: v.coin.lot_size,
          max_leverage: futuresMaxLeverage(v.instId),
          mark_price: mark === null ? null : mark.toFixed(v.prices.decimals),
          index_price: snap.index === null ? null : snap.index.toFixed(v.prices.decimals),
          last_price: last === null ? null : v.prices.format(last),
          funding_rate: snap.lastRate.toFixed(RATE_DECIMALS),
          predicted_funding_rate: snap.predictedRate.toFixed(RATE_DECIMALS),
          next_funding_time: Number.isFinite(snap.nextFundingMs) ? snap.nextFundingMs : 0,
          funding_interval_hours: FUNDING_INTERVAL_MS / 3_600_000,
          open_interest: oi.long.toFixed(),
          open_interest_long: oi.long.toFixed(),
          open_interest_short: oi.short.toFixed(),
          open_interest_usdt: mark === null ? '0' : oi.long.mul(mark.toFixed(v.prices.decimals)).toDecimalPlaces(2).toFixed(),
          insurance_fund: insurance,
          listed_at: snap.listedAtMs,
        });
      }
      return out;
    },
  });
};
