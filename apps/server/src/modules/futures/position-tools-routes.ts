import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  futuresMaxLeverage,
  futuresMessages,
  leverageQuery,
  leverageResponse,
  marginChangeBody,
  marginChangeResponse,
  positionIdParams,
  positionModeResponse,
  setPositionModeBody,
  positionToolsMessages,
  setLeverageBody,
  setLeverageResponse,
  tpslBody,
  tpslResponse,
  FUTURES_DEFAULT_LEVERAGE,
  type LeverageSetting,
} from '@exchange/contract';
import { triggerSideError } from '@exchange/risk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { Dec } from '../../shared/decimal.js';
import type { FuturesService } from './futures-service.js';
import { leverageSettings } from './leverage-store.js';
import { idOwner } from './position-store.js';
import { removable } from './margin-bounds.js';
import { sideCap } from './position-tools.js';
import type { RiskMonitor } from './risk-monitor.js';
import type { LivePosition, PositionKey } from './types.js';

export interface PositionToolsOptions {
  db: Database;
  futures: FuturesService;
  monitor: RiskMonitor;
  /** Checks the caller may trade (a live session of a verified user); the futures routes' own words. */
  requireTrader(req: FastifyRequest): Promise<void>;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['futures'];
const security = [{ bearerAuth: [], apiKey: [] }];
const SIDES = ['long', 'short'] as const;
const MODES = ['isolated', 'cross'] as const;

/**
 * The side's leverage: that of its open position, else the user's setting, else the default. What
 * an order that names none uses (routes.ts), and what GET /futures/leverage shows.
 */
export async function sideLeverage(db: Database, futures: FuturesService, key: PositionKey): Promise<number> {
  const open = futures.positionOf(key);
  if (open) return open.leverage;
  const settings = await leverageSettings(db, key.userId, key.instId);
  return settings.get(`${key.side}|${key.marginMode}`) ?? FUTURES_DEFAULT_LEVERAGE;
}

function settingOf(key: PositionKey, leverage: number, p: LivePosition | undefined): LeverageSetting {
  return { side: key.side, margin_mode: key.marginMode, leverage, max_leverage: sideCap(key.instId, p), position_notional: (p?.cost ?? new Dec(0)).toDecimalPlaces(8).toFixed() };
}

/** Leverage per side, isolated margin and take-profit / stop-loss on a position (issue 41), under /api/v1. */
export const positionToolsRoutes: FastifyPluginAsyncZod<PositionToolsOptions> = async (app, { db, futures, monitor, requireTrader }) => {
  /** The caller's open position, or 404 (no such id) / 403 (another user's) / 409 (closed). */
  const ownPosition = async (req: FastifyRequest, id: string): Promise<LivePosition> => {
    const found = await idOwner(db, id);
    if (!found || found.positionId !== id) throw new AppError(404, futuresMessages.positionNotFound, 'NOT_FOUND');
    if (found.userId !== req.userId) throw new AppError(403, futuresMessages.notYours, 'FORBIDDEN');
    const p = futures.position(id);
    if (!found.open || !p) throw new AppError(409, futuresMessages.alreadyClosed, 'ALREADY_CLOSED');
    return p;
  };

  app.get('/futures/leverage', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The caller’s leverage on a contract for each side and margin mode, with the most each may use now (the contract’s maximum capped by the tier of the open position).',
      querystring: leverageQuery,
      response: { 200: leverageResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.userId as string;
      const instId = req.query.contract.toUpperCase();
      futures.assertContract(instId);
      const settings = await leverageSettings(db, userId, instId);
      const out: LeverageSetting[] = [];
      for (const side of SIDES) {
        for (const marginMode of MODES) {
          const key = { userId, instId, side, marginMode };
          const p = futures.positionOf(key);
          out.push(settingOf(key, p?.leverage ?? settings.get(`${side}|${marginMode}`) ?? FUTURES_DEFAULT_LEVERAGE, p));
        }
      }
      return { inst_id: instId, max_leverage: futuresMaxLeverage(instId), settings: out };
    },
  });

  app.put('/futures/leverage', {
    preHandler: requireTrader,
    schema: {
      tags,
      security,
      description:
        'Sets the leverage of one side and margin mode of a contract (1 to the contract’s maximum, capped by the tier of the open position). An open position is re-margined at notional at entry / leverage in the same ledger transaction; 400 INSUFFICIENT_MARGIN when the wallet cannot pay the difference, 409 ORDERS_OPEN while opening orders rest on that side.',
      body: setLeverageBody,
      response: { 200: setLeverageResponse, ...errors },
    },
    handler: async (req) => {
      const key = { userId: req.userId as string, instId: req.body.contract.toUpperCase(), side: req.body.side, marginMode: req.body.margin_mode };
      const p = await futures.setLeverage(key, req.body.leverage, monitor.markOf(key.instId));
      return {
        success: true as const,
        message: positionToolsMessages.leverageSet,
        setting: settingOf(key, req.body.leverage, p),
        position_id: p?.id ?? null,
        margin: p ? p.margin.toFixed() : null,
      };
    },
  });

  app.get('/futures/position-mode', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The caller’s position mode: hedge (a long and a short position per contract) or one_way (one net position per contract and margin mode).',
      response: { 200: positionModeResponse, ...errors },
    },
    handler: async (req) => ({ success: true as const, message: '', position_mode: futures.positionMode(req.userId as string) }),
  });

  app.put('/futures/position-mode', {
    preHandler: requireTrader,
    schema: {
      tags,
      security,
      description:
        'Sets the caller’s position mode. In one_way mode a buy first reduces a short and a sell a long (a fill past its size flips it, the rest opened at the fill price). 409 POSITIONS_OPEN while a futures position is open or a futures order rests.',
      body: setPositionModeBody,
      response: { 200: positionModeResponse, ...errors },
    },
    handler: async (req) => {
      const mode = await futures.setPositionMode(req.userId as string, req.body.position_mode);
      return { success: true as const, message: positionToolsMessages.positionModeSet, position_mode: mode };
    },
  });

  app.post('/futures/positions/:id/margin', {
    preHandler: requireTrader,
    schema: {
      tags,
      security,
      description:
        'Adds USDT from the futures wallet to an isolated position’s margin, or returns some of it (the position keeps its initial margin at entry plus its unrealised loss). The liquidation price follows.',
      params: positionIdParams,
      body: marginChangeBody,
      response: { 200: marginChangeResponse, ...errors },
    },
    handler: async (req) => {
      const p = await ownPosition(req, req.params.id);
      const mark = monitor.markOf(p.instId);
      const changed = await futures.changeMargin(p.userId, p.id, req.body.type, new Dec(req.body.amount), mark);
      const lp = monitor.liquidationPrice(changed);
      return {
        success: true as const,
        message: positionToolsMessages.marginChanged,
        position_id: changed.id,
        margin: changed.margin.toFixed(),
        liquidation_price: lp === null ? null : lp.toFixed(8),
        max_removable: removable(changed, mark).toFixed(),
      };
    },
  });

  app.put('/futures/positions/:id/tpsl', {
    preHandler: requireTrader,
    schema: {
      tags,
      security,
      description:
        'Sets a position’s take-profit and stop-loss (a price absent leaves none), watched on the mark or the last trade; a trigger reached closes the whole position at market. Each must be on its side of the watched price.',
      params: positionIdParams,
      body: tpslBody,
      response: { 200: tpslResponse, ...errors },
    },
    handler: async (req) => {
      const p = await ownPosition(req, req.params.id);
      const { tp_trigger_price: tp = null, sl_trigger_price: sl = null, trigger_by: by } = req.body;
      // Before the contract's first mark or trade the entry is the price the triggers are checked against.
      const price = monitor.triggerPrice({ instId: p.instId, triggerBy: by }) ?? p.cost.div(p.qty).toNumber();
      const wrong = triggerSideError(p.side, tp === null ? null : Number(tp), sl === null ? null : Number(sl), price);
      if (wrong === 'tp') throw new AppError(400, positionToolsMessages.takeProfitSide, 'VALIDATION');
      if (wrong === 'sl') throw new AppError(400, positionToolsMessages.stopLossSide, 'VALIDATION');
      const trim = (v: string | null) => (v === null ? null : new Dec(v).toFixed());
      const set = await futures.setTpsl(p.userId, p.id, trim(tp), trim(sl), by);
      return { success: true as const, message: positionToolsMessages.tpslSet, position_id: set.id, take_profit: set.takeProfit, stop_loss: set.stopLoss, trigger_by: set.triggerBy };
    },
  });

  app.delete('/futures/positions/:id/tpsl', {
    preHandler: requireTrader,
    schema: {
      tags,
      security,
      description: 'Removes a position’s take-profit and stop-loss.',
      params: positionIdParams,
      response: { 200: tpslResponse, ...errors },
    },
    handler: async (req) => {
      const p = await ownPosition(req, req.params.id);
      const set = await futures.setTpsl(p.userId, p.id, null, null, p.triggerBy);
      return { success: true as const, message: positionToolsMessages.tpslCleared, position_id: set.id, take_profit: null, stop_loss: null, trigger_by: set.triggerBy };
    },
  });
};
