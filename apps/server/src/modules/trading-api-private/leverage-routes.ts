import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okxErrorResponse,
  okxLeverageInfoQuery,
  okxLeverageResponse,
  okxPositionModeResponse,
  okxSetLeverageBody,
  okxSetPositionModeBody,
  type OkxLeverage,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { sideLeverage } from '../futures/index.js';
import { markVenueOwnerRoutes } from '../../venue/owner-routes.js';
import { refusalOf } from './order-codes.js';
import { swapRefusals } from './swap-codes.js';
import { isContractInstId, type SwapDeps } from './swap-orders.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const SIDES = ['long', 'short'] as const;
/** OKX's leverage-info takes up to 20 instruments. */
const MAX_INST_IDS = 20;

/** OKX's codes for what a leverage change is refused with (docs-v5 "Error Code", 59000-59200). */
const LEVERAGE_CODES: Record<string, string> = {
  LEVERAGE_TOO_HIGH: '59102',
  ORDERS_OPEN: '59000',
  // OKX: "Settings failed. Delete any open orders or positions before changing the position mode."
  POSITIONS_OPEN: '59000',
  INSUFFICIENT_MARGIN: '59103',
  UNKNOWN_CONTRACT: '51001',
  CONTRACT_EXPIRED: '51027',
};

function leverageRefusal(err: unknown): OkxError {
  const code = err instanceof AppError ? LEVERAGE_CODES[err.code ?? ''] : undefined;
  if (code && err instanceof AppError) return new OkxError({ code, status: 200, msg: err.message });
  const r = refusalOf(err);
  return new OkxError({ code: r.sCode, status: 200, msg: r.sMsg });
}

const unknownInstrument = () => new OkxError({ code: '51001', status: 200, msg: 'Instrument ID does not exist' });

/**
 * OKX v5's leverage calls for contracts (issue 42). Our leverage is per contract, side and margin
 * mode, as OKX's in long/short mode: cross sets both sides at once, isolated names its side. They
 * read the futures service's memory (an open position's leverage), so on a cluster they run on the
 * venues' owner.
 */
export const okxLeverageRoutes: FastifyPluginAsyncZod<SwapDeps> = async (app, { db, futures, monitor }) => {
  markVenueOwnerRoutes(app);

  app.post('/api/v5/account/set-leverage', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: set a contract’s leverage for one side (isolated, posSide long or short) or both (cross); an open position is re-margined',
      body: okxSetLeverageBody,
      response: { 200: okxLeverageResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const { lever, mgnMode, posSide } = req.body;
      const instId = req.body.instId.trim().toUpperCase();
      if (!isContractInstId(instId)) throw unknownInstrument();
      const leverage = Number(lever);
      if (leverage < 1) throw new OkxError(okxCodes.parameter, 'lever');
      let sides: readonly ('long' | 'short')[] = SIDES;
      if (mgnMode === 'isolated') {
        if (posSide !== 'long' && posSide !== 'short') throw new OkxError({ code: '51000', status: 400, msg: swapRefusals.posSide().sMsg });
        sides = [posSide];
      }
      const data: OkxLeverage[] = [];
      for (const side of sides) {
        try {
          await futures.setLeverage({ userId, instId, side, marginMode: mgnMode }, leverage, monitor.markOf(instId));
        } catch (err) {
          throw leverageRefusal(err);
        }
        data.push({ instId, mgnMode, posSide: side, lever: String(leverage) });
      }
      return { code: '0', msg: '', data };
    },
  });

  app.post('/api/v5/account/set-position-mode', {
    // OKX: 5 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(5, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: long/short (hedge) or net (one-way) position mode; refused with 59000 while a futures position is open or an order rests',
      body: okxSetPositionModeBody,
      response: { 200: okxPositionModeResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      try {
        await futures.setPositionMode(userId, req.body.posMode === 'net_mode' ? 'one_way' : 'hedge');
      } catch (err) {
        throw leverageRefusal(err);
      }
      return { code: '0', msg: '', data: [{ posMode: req.body.posMode }] };
    },
  });

  app.get('/api/v5/account/leverage-info', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: a contract’s leverage per side for one margin mode (an open position’s, else the setting, else the default)',
      querystring: okxLeverageInfoQuery,
      response: { 200: okxLeverageResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const { instId, mgnMode } = req.query;
      if (!instId) throw new OkxError(okxCodes.parameterEmpty, 'instId');
      if (!mgnMode) throw new OkxError(okxCodes.parameterEmpty, 'mgnMode');
      if (mgnMode !== 'isolated' && mgnMode !== 'cross') throw new OkxError(okxCodes.parameter, 'mgnMode');
      const ids = instId.split(',').map((id) => id.trim().toUpperCase());
      if (ids.length > MAX_INST_IDS) throw new OkxError(okxCodes.parameter, 'instId');
      const data: OkxLeverage[] = [];
      for (const id of ids) {
        if (!isContractInstId(id)) throw unknownInstrument();
        try {
          futures.assertContract(id);
        } catch (err) {
          throw leverageRefusal(err);
        }
        for (const side of SIDES) {
          const lever = await sideLeverage(db, futures, { userId, instId: id, side, marginMode: mgnMode });
          data.push({ instId: id, mgnMode, posSide: side, lever: String(lever) });
        }
      }
      return { code: '0', msg: '', data };
    },
  });
};
