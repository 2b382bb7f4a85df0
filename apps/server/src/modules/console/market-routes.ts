import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminMarketActionRequest,
  adminMarketActionResponse,
  adminMarketParams,
  adminMarketsResponse,
  operatorMarketMessages as messages,
  type AdminMarketRow,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { MarketHalts } from '../../venue/market-halts.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

export interface MarketRoutesOptions extends ConsoleRoutesOptions {
  venues: Pick<Venues, 'all' | 'get'>;
  halts: Pick<MarketHalts, 'haltOf' | 'changed'>;
}

interface HaltRow {
  reason: string;
  halted_at: Date | string;
  halted_by: string;
}

function rowOf(v: Venue, halt: HaltRow | null): AdminMarketRow {
  return {
    inst_id: v.instId,
    kind: v.kind,
    symbol: v.coin.symbol,
    halted: halt !== null,
    halted_at: halt ? new Date(halt.halted_at).toISOString() : null,
    halted_by: halt?.halted_by ?? null,
    halt_reason: halt?.reason ?? null,
  };
}

/** The state of one market as the audit log keeps it, read inside the action's transaction. */
async function haltIn(q: Queryable, instId: string): Promise<HaltRow | null> {
  const res = await q.query<HaltRow>('SELECT reason, halted_at, halted_by FROM market_halts WHERE inst_id = $1 FOR UPDATE', [instId]);
  return res.rows[0] ?? null;
}

/**
 * The administrators' markets (issue 43), mounted at /api/admin: every spot pair and contract with
 * its trading state, halted and resumed with a reason, each change audited in its transaction and
 * read by every process (venue/market-halts.ts).
 */
export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, { db, twoFactor, now, venues, halts }) => {
  const guard = (right: Parameters<typeof requireRight>[3]) => requireRight(app, db, twoFactor, right);

  const venueOf = (instId: string): Venue => {
    const v = venues.get(instId);
    if (!v) throw new AppError(404, messages.unknownMarket, 'MARKET_NOT_FOUND');
    return v;
  };

  async function change(req: FastifyRequest, instId: string, reason: string, halt: boolean) {
    const op = operatorOf(req);
    const venue = venueOf(instId);
    const at = now();
    const after = await db.tx(async (q) => {
      const before = await haltIn(q, venue.instId);
      if (halt) {
        const res = await q.query('INSERT INTO market_halts (inst_id, reason, halted_at, halted_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
          venue.instId,
          reason,
          at.toISOString(),
          op.email,
        ]);
        if (res.rowCount === 0) throw new AppError(409, messages.alreadyHalted, 'MARKET_STATE');
      } else {
        if (!before) throw new AppError(409, messages.notHalted, 'MARKET_STATE');
        await q.query('DELETE FROM market_halts WHERE inst_id = $1', [venue.instId]);
      }
      const state = halt ? { reason, halted_at: at, halted_by: op.email } : null;
      await recordAudit(q, {
        at,
        operator: op.email,
        role: op.actingRole,
        action: halt ? 'markets.halt' : 'markets.resume',
        target: `market:${venue.instId}`,
        before: rowOf(venue, before),
        after: rowOf(venue, state),
        reason,
        address: req.ip,
      });
      return state;
    });
    await halts.changed();
    return { success: true as const, message: halt ? `${venue.instId} halted` : `${venue.instId} resumed`, market: rowOf(venue, after) };
  }

  app.get('/markets', {
    preHandler: guard('markets.read'),
    schema: { tags, security, summary: 'Every spot pair and futures contract with its trading state (halted: new orders refused, cancels allowed)', response: { 200: adminMarketsResponse, ...errors } },
    handler: async () => {
      const res = await db.query<HaltRow & { inst_id: string }>('SELECT inst_id, reason, halted_at, halted_by FROM market_halts ORDER BY inst_id LIMIT 1000');
      const byId = new Map(res.rows.map((r) => [r.inst_id, r]));
      return { items: [...venues.all()].map((v) => rowOf(v, byId.get(v.instId) ?? null)) };
    },
  });

  app.post('/markets/:instId/halt', {
    preHandler: guard('markets.manage'),
    schema: {
      tags,
      security,
      summary: 'Halts trading on a market: its users’ new orders (web, OKX v5 REST and websocket) are refused in plain words, cancels go on (admin; audited)',
      params: adminMarketParams,
      body: adminMarketActionRequest,
      response: { 200: adminMarketActionResponse, ...errors },
    },
    handler: (req) => change(req, req.params.instId, req.body.reason, true),
  });

  app.post('/markets/:instId/resume', {
    preHandler: guard('markets.manage'),
    schema: {
      tags,
      security,
      summary: 'Resumes trading on a halted market (admin; audited)',
      params: adminMarketParams,
      body: adminMarketActionRequest,
      response: { 200: adminMarketActionResponse, ...errors },
    },
    handler: (req) => change(req, req.params.instId, req.body.reason, false),
  });
};
