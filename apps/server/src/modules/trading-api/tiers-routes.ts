import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxPositionTiersQuery } from '@exchange/contract';
import { MARGIN_TIERS } from '@exchange/risk';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec, roundToStep } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { instTypeOf, type V5Deps } from './deps.js';
import { OKX_LIMITS } from './limits.js';
import { okxData, paramEmpty, paramError } from './okx-reply.js';
import { isOneOf } from './params.js';

const tags = ['public (OKX v5)'];
const INST_TYPES = ['SWAP', 'FUTURES', 'MARGIN', 'OPTION'] as const;
const TD_MODES = ['cross', 'isolated'] as const;

/**
 * One family's tiers as OKX lists them, sizes in contracts (one contract is one coin). Our tiers
 * are set by notional in USDT, the same for every contract (packages/risk/src/tiers.ts), so each
 * bound is that notional at the family's current mark, on the lot grid.
 */
function tiersOf(family: string, venue: Venue, mark: string, tier: number | undefined): Record<string, string>[] {
  const size = (notional: number) => roundToStep(new Dec(notional).div(mark), venue.lots.tickSize, Dec.ROUND_DOWN);
  return MARGIN_TIERS.flatMap((t, i) =>
    tier !== undefined && tier !== i + 1
      ? []
      : [
          {
            uly: family,
            instFamily: family,
            instId: '',
            tier: String(i + 1),
            minSz: i === 0 ? '0' : size(t.floor),
            maxSz: size(t.cap),
            mmr: String(t.mmr),
            imr: new Dec(1).div(t.maxLeverage).toFixed(),
            maxLever: String(t.maxLeverage),
            optMgnFactor: '0',
            quoteMaxLoan: '',
            baseMaxLoan: '',
          },
        ],
  );
}

/** GET /api/v5/public/position-tiers: the margin tiers of the perpetual and delivery families (no margin trading, no options: none). */
export const okxTiersRoutes: FastifyPluginAsyncZod<{ deps: V5Deps }> = async (app, { deps }) => {
  app.get('/public/position-tiers', {
    config: OKX_LIMITS.positionTiers,
    schema: { tags, summary: 'Margin tiers of a contract family: sizes in contracts at the current mark, maintenance rate, leverage', querystring: okxPositionTiersQuery },
    handler: async (request) => {
      const q = request.query;
      if (!q.instType) throw paramEmpty('instType');
      if (!isOneOf(INST_TYPES, q.instType)) throw paramError('instType');
      if (!q.tdMode) throw paramEmpty('tdMode');
      if (!isOneOf(TD_MODES, q.tdMode)) throw paramError('tdMode');
      const tier = q.tier === undefined || q.tier === '' ? undefined : Number(q.tier);
      if (tier !== undefined && !(Number.isInteger(tier) && tier >= 1)) throw paramError('tier');
      if (q.instType === 'MARGIN' || q.instType === 'OPTION') return okxData([]);
      const wanted = (q.instFamily || q.uly)?.toUpperCase();
      if (!wanted) throw paramEmpty('instFamily');
      const rows: Record<string, string>[] = [];
      for (const family of new Set(wanted.split(',').slice(0, 20))) {
        const venue = deps.venues
          .derivatives()
          .find((v) => instTypeOf(v) === q.instType && `${v.coin.symbol}-${QUOTE_ASSET}` === family && !deps.futures.isExpired(v.instId));
        const mark = venue && deps.monitor.snapshot(venue.instId)?.mark;
        if (venue && mark) rows.push(...tiersOf(family, venue, mark.toFixed(venue.prices.decimals), tier));
      }
      return okxData(rows);
    },
  });
};
