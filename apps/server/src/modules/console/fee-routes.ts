import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminFeeChangeRequest,
  adminFeeChangeResponse,
  adminFeeParams,
  adminFeesResponse,
  feeTierNames,
  operatorFeeMessages as messages,
  type AdminFeeRow,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FeeSchedule } from '../fee-tier/index.js';
import { Dec } from '../../shared/decimal.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

export interface FeeRoutesOptions extends ConsoleRoutesOptions {
  fees: Pick<FeeSchedule, 'changed'>;
}

interface FeeRow {
  tier: AdminFeeRow['tier'];
  maker_rate: string;
  taker_rate: string;
  futures_maker_rate: string;
  futures_taker_rate: string;
  updated_at: Date | string | null;
  updated_by: string | null;
}

const COLUMNS = `tier, maker_rate::text AS maker_rate, taker_rate::text AS taker_rate, futures_maker_rate::text AS futures_maker_rate,
  futures_taker_rate::text AS futures_taker_rate, updated_at, updated_by`;
const rate = (v: string) => new Dec(v).toFixed();

function rowOf(r: FeeRow): AdminFeeRow {
  return {
    tier: r.tier,
    maker_rate: rate(r.maker_rate),
    taker_rate: rate(r.taker_rate),
    futures_maker_rate: rate(r.futures_maker_rate),
    futures_taker_rate: rate(r.futures_taker_rate),
    updated_at: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
    updated_by: r.updated_by,
  };
}

async function rowsOf(q: Queryable, lock: string | null): Promise<FeeRow[]> {
  const res = lock
    ? await q.query<FeeRow>(`SELECT ${COLUMNS} FROM fee_rates WHERE tier = $1 FOR UPDATE`, [lock])
    : await q.query<FeeRow>(`SELECT ${COLUMNS} FROM fee_rates ORDER BY tier`);
  return res.rows;
}

/**
 * The fee table (issue 43), mounted at /api/admin: each tier's spot and futures maker and taker rate, changed by
 * an administrator with their authenticator code, audited before and after in the change's
 * transaction, and read by every process for the next order (fee-tier/schedule.ts).
 */
export const feeRoutes: FastifyPluginAsyncZod<FeeRoutesOptions> = async (app, { db, twoFactor, now, fees }) => {
  const guard = (right: Parameters<typeof requireRight>[3]) => requireRight(app, db, twoFactor, right);

  app.get('/fees', {
    preHandler: guard('markets.read'),
    schema: { tags, security, summary: 'The spot and futures maker and taker rate of each fee tier (Level 1, Premium), and who changed them last', response: { 200: adminFeesResponse, ...errors } },
    handler: async () => {
      const rows = await rowsOf(db, null);
      return { items: feeTierNames.flatMap((tier) => rows.filter((r) => r.tier === tier).map(rowOf)) };
    },
  });

  app.put('/fees/:tier', {
    preHandler: guard('markets.manage'),
    schema: {
      tags,
      security,
      summary:
        'Sets a fee tier’s spot maker and taker rate, and optionally its futures ones (0 to 1 %, no rebates), with the authenticator code: every process charges them from the next order (admin; audited)',
      params: adminFeeParams,
      body: adminFeeChangeRequest,
      response: { 200: adminFeeChangeResponse, ...errors },
    },
    handler: async (req) => {
      const op = operatorOf(req);
      const { tier } = req.params;
      const { maker_rate: maker, taker_rate: taker, reason, totp_code: code } = req.body;
      await twoFactor.require(op.userId, code);
      const at = now();
      const after = await db.tx(async (q) => {
        const [before] = await rowsOf(q, tier);
        if (!before) throw new AppError(500, 'The fee table has no row for this tier', 'INTERNAL');
        // Futures rates left out stay as they are (a client of the spot-only table).
        const futuresMaker = req.body.futures_maker_rate ?? before.futures_maker_rate;
        const futuresTaker = req.body.futures_taker_rate ?? before.futures_taker_rate;
        const same = (a: string, b: string) => new Dec(a).eq(b);
        if (same(before.maker_rate, maker) && same(before.taker_rate, taker) && same(before.futures_maker_rate, futuresMaker) && same(before.futures_taker_rate, futuresTaker)) {
          throw new AppError(409, messages.unchanged, 'FEE_STATE');
        }
        const changed: FeeRow = { tier, maker_rate: maker, taker_rate: taker, futures_maker_rate: futuresMaker, futures_taker_rate: futuresTaker, updated_at: at, updated_by: op.email };
        await q.query(
          'UPDATE fee_rates SET maker_rate = $2, taker_rate = $3, futures_maker_rate = $4, futures_taker_rate = $5, updated_at = $6, updated_by = $7 WHERE tier = $1',
          [tier, maker, taker, futuresMaker, futuresTaker, at.toISOString(), op.email],
        );
        await recordAudit(q, { at, operator: op.email, role: op.actingRole, action: 'fees.change', target: `fees:${tier}`, before: rowOf(before), after: rowOf(changed), reason, address: req.ip });
        return changed;
      });
      await fees.changed();
      return { success: true as const, message: `${tier} fees changed`, fee: rowOf(after) };
    },
  });
};
