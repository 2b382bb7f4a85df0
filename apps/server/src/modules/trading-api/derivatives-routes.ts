import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OKX_INST_TYPES, okxFundingHistoryQuery, okxInstIdQuery, okxInstTypeQuery } from '@exchange/contract';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { fundingHistory } from '../futures/index.js';
import { instTypeOf, venueOf, type V5Deps } from './deps.js';
import { OKX_LIMITS } from './limits.js';
import { instrumentMissing, okxData, paramEmpty, paramError } from './okx-reply.js';
import { isOneOf, limitParam, msParam } from './params.js';

const tags = ['public (OKX v5)'];
type Channel = 'mark-price' | 'funding-rate' | 'open-interest';

/** The contracts of one instType (SWAP, FUTURES; MARGIN and OPTION have none here), or the one instId named. */
function contractsOf(deps: V5Deps, query: { instType?: string; instId?: string; uly?: string; instFamily?: string }): Venue[] {
  if (query.instId) return [venueOf(deps, query.instId)].filter((v) => v.kind !== 'spot');
  if (!query.instType) throw paramEmpty('instType');
  if (!isOneOf([...OKX_INST_TYPES, 'MARGIN'], query.instType)) throw paramError('instType');
  const family = (query.instFamily ?? query.uly)?.toUpperCase();
  return deps.venues
    .derivatives()
    .filter((v) => instTypeOf(v) === query.instType && !deps.futures.isExpired(v.instId))
    .filter((v) => family === undefined || `${v.coin.symbol}-${QUOTE_ASSET}` === family);
}

/** A channel's record as the websocket pushes it, with the delivery contracts' instType. */
function recordOf(deps: V5Deps, channel: Channel, v: Venue, now: number): Record<string, string> | undefined {
  const data = deps.derivatives.data(channel, v.instId, now);
  return data && { ...data, instType: instTypeOf(v) };
}

/** GET /api/v5/public/funding-rate, /funding-rate-history, /mark-price and /open-interest. */
export const okxDerivativesRoutes: FastifyPluginAsyncZod<{ deps: V5Deps }> = async (app, { deps }) => {
  app.get('/public/funding-rate', {
    config: OKX_LIMITS.fundingRate,
    schema: { tags, summary: 'A perpetual’s current funding rate and times', querystring: okxInstIdQuery },
    handler: async (request) => {
      const venue = venueOf(deps, request.query.instId);
      if (venue.kind !== 'swap') throw instrumentMissing();
      const record = recordOf(deps, 'funding-rate', venue, Date.now());
      return okxData(record ? [{ ...record, nextFundingRate: '', settState: 'settled', formulaType: 'noRate' }] : []);
    },
  });

  app.get('/public/funding-rate-history', {
    config: OKX_LIMITS.fundingRateHistory,
    schema: { tags, summary: 'A perpetual’s settled funding, newest first; after/before page by funding time', querystring: okxFundingHistoryQuery },
    handler: async (request) => {
      const venue = venueOf(deps, request.query.instId);
      if (venue.kind !== 'swap') throw instrumentMissing();
      const rows = await fundingHistory(deps.db, venue.instId, {
        beforeMs: msParam('after', request.query.after),
        afterMs: msParam('before', request.query.before),
        limit: limitParam(request.query.limit, 100, 100),
      });
      return okxData(
        rows.map((r) => {
          const rate = new Dec(r.rate).toFixed();
          const fundingTime = String(r.fundingTime);
          return { instType: 'SWAP', instId: venue.instId, formulaType: 'noRate', fundingRate: rate, realizedRate: rate, fundingTime, method: 'current_period' };
        }),
      );
    },
  });

  for (const [path, channel, config, summary] of [
    ['/public/mark-price', 'mark-price', OKX_LIMITS.markPrice, 'Mark prices of the contracts of one type'],
    ['/public/open-interest', 'open-interest', OKX_LIMITS.openInterest, 'Open interest of the contracts of one type, in contracts, coins and USD'],
  ] as const) {
    app.get(path, {
      config,
      schema: { tags, summary, querystring: okxInstTypeQuery },
      handler: async (request) => {
        const now = Date.now();
        const rows = contractsOf(deps, request.query).map((v) => recordOf(deps, channel, v, now));
        return okxData(rows.filter((r) => r !== undefined));
      },
    });
  }
};
