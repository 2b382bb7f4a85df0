import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okxClosePositionBody,
  okxClosePositionResponse,
  okxErrorResponse,
  okxPositionsHistoryQuery,
  okxPositionsHistoryResponse,
  okxPositionsQuery,
  okxPositionsResponse,
} from '@exchange/contract';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { futuresClosedPositions, toPosition, userPositions } from '../futures/index.js';
import { markVenueOwnerRoutes } from '../../venue/owner-routes.js';
import { swapRefusalOf, swapRefusals } from './swap-codes.js';
import { isContractInstId, type SwapDeps } from './swap-orders.js';
import { instTypeOf, okxPositionHistoryOf, okxPositionOf, okxPosSide } from './swap-shapes.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const ok = <T>(data: T[]) => ({ code: '0', msg: '', data });

/** A user holds at most one position per contract, side and margin mode: far fewer than this. */
const MAX_OPEN_POSITIONS = 500;
/** OKX's lists: `instId` up to 10 instruments, `posId` up to 20 positions. */
const MAX_INST_IDS = 10;
const MAX_POS_IDS = 20;
const HISTORY_LIMIT = 100;

/** A comma-separated parameter as a set (undefined when absent), refused with 51000 past `max` entries. */
function listParam(value: string | undefined, name: string, max: number): Set<string> | undefined {
  if (value === undefined || value === '') return undefined;
  const items = value.split(',').map((v) => v.trim().toUpperCase());
  if (items.length > max) throw new OkxError(okxCodes.parameter, name);
  return new Set(items);
}

/** `instType` of a positions call: SWAP, FUTURES or any (undefined); MARGIN and OPTION hold nothing here (null). */
function kindParam(value: string | undefined): 'SWAP' | 'FUTURES' | undefined | null {
  if (value === undefined || value === '') return undefined;
  if (value === 'SWAP' || value === 'FUTURES') return value;
  if (value === 'MARGIN' || value === 'OPTION') return null;
  throw new OkxError(okxCodes.parameter, 'instType');
}

function msParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new OkxError(okxCodes.parameter, name);
  return Number(value);
}

/**
 * The sides a close-position call may close: the named one in long/short mode; in net mode (posSide
 * net or none) the user's one net position, long or short. Null where OKX refuses the posSide (51000).
 */
function closingSides(posSide: string | undefined, net: boolean): readonly ('long' | 'short')[] | null {
  if (net) return posSide === undefined || posSide === '' || posSide === 'net' ? ['long', 'short'] : null;
  return posSide === 'long' || posSide === 'short' ? [posSide] : null;
}

/** A refusal of the futures service as OKX's envelope: its code with HTTP 200, as OKX answers a business refusal. */
function refused(err: unknown): OkxError {
  const r = swapRefusalOf(err);
  return new OkxError({ code: r.sCode, status: 200, msg: r.sMsg });
}

/**
 * OKX v5's position calls for contracts (issue 42): open positions as the futures product keeps
 * them live, closed ones, and closing one side at market. They read the futures service's memory,
 * so on a cluster they run on the venues' owner.
 */
export const okxPositionRoutes: FastifyPluginAsyncZod<SwapDeps> = async (app, { db, futures, monitor, now }) => {
  markVenueOwnerRoutes(app);

  app.get('/api/v5/account/positions', {
    // OKX: 10 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(10, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: the key’s open contract positions, one per contract, posSide and mgnMode',
      querystring: okxPositionsQuery,
      response: { 200: okxPositionsResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const kind = kindParam(req.query.instType);
      const instIds = listParam(req.query.instId, 'instId', MAX_INST_IDS);
      const posIds = listParam(req.query.posId, 'posId', MAX_POS_IDS);
      if (kind === null) return ok([]);
      const rows = await userPositions(db, userId, 'open', MAX_OPEN_POSITIONS);
      const at = now();
      const net = futures.positionMode(userId) === 'one_way';
      const out = [];
      for (const row of rows) {
        const p = futures.position(row.id) ?? row;
        if (kind && instTypeOf(p.instId) !== kind) continue;
        if ((instIds && !instIds.has(p.instId)) || (posIds && !posIds.has(p.id))) continue;
        out.push(okxPositionOf(p, toPosition(p, monitor.markOf(p.instId), monitor.liquidationPrice(p), futures.reservedToReduce(p)), at, net));
      }
      return ok(out);
    },
  });

  app.get('/api/v5/account/positions-history', {
    // OKX: 10 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(10, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: the key’s closed contract positions, newest first; `after`/`before` page by uTime',
      querystring: okxPositionsHistoryQuery,
      response: { 200: okxPositionsHistoryResponse, ...errors },
    },
    handler: async (req) => {
      const q = req.query;
      const kind = kindParam(q.instType);
      if (q.mgnMode && q.mgnMode !== 'isolated' && q.mgnMode !== 'cross') throw new OkxError(okxCodes.parameter, 'mgnMode');
      if (q.limit && !/^\d{1,3}$/.test(q.limit)) throw new OkxError(okxCodes.parameter, 'limit');
      const afterMs = msParam(q.after, 'after');
      const beforeMs = msParam(q.before, 'before');
      // Closed in full (2) and liquidated (3) are the kinds a position ends with here.
      if (kind === null || (q.type && q.type !== '2' && q.type !== '3')) return ok([]);
      const rows = await futuresClosedPositions(db, {
        userId: okxCallerOf(req).userId,
        kind,
        instId: q.instId ? q.instId.toUpperCase() : undefined,
        positionId: q.posId || undefined,
        marginMode: q.mgnMode || undefined,
        afterMs,
        beforeMs,
        limit: q.limit ? Math.min(Math.max(Number(q.limit), 1), HISTORY_LIMIT) : HISTORY_LIMIT,
      });
      const shown = q.type ? rows.filter((r) => (r.position.status === 'liquidated' ? '3' : '2') === q.type) : rows;
      const net = futures.positionMode(okxCallerOf(req).userId) === 'one_way';
      return ok(shown.map((r) => okxPositionHistoryOf(r, net)));
    },
  });

  app.post('/api/v5/trade/close-position', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'trade', whileFrozen: true, rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary:
        'OKX v5: close all of one side’s position (posSide long or short, mgnMode; in net mode posSide net or none, the net position whichever its side) at market; its resting close orders are cancelled first',
      body: okxClosePositionBody,
      response: { 200: okxClosePositionResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const body = req.body;
      const instId = body.instId.trim().toUpperCase();
      if (!isContractInstId(instId)) throw new OkxError({ code: '51001', status: 200, msg: 'Instrument ID does not exist' });
      const net = futures.positionMode(userId) === 'one_way';
      const sides = closingSides(body.posSide, net);
      if (sides === null) {
        const r = swapRefusals.posSide();
        throw new OkxError({ code: r.sCode, status: 400, msg: r.sMsg });
      }
      const p = sides.map((side) => futures.positionOf({ userId, instId, side, marginMode: body.mgnMode })).find((found) => found !== undefined);
      if (!p) throw new OkxError({ code: '51023', status: 200, msg: 'Position does not exist' });
      try {
        await futures.close(userId, p.id);
      } catch (err) {
        throw refused(err);
      }
      return ok([{ instId, posSide: okxPosSide(p.side, net), clOrdId: body.clOrdId ?? '', tag: body.tag ?? '' }]);
    },
  });
};
