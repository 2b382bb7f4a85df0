import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OKX_INST_TYPES, okxInstrumentsQuery } from '@exchange/contract';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { instTypeOf, type V5Deps } from './deps.js';
import { okxInstrument } from './instruments.js';
import { OKX_LIMITS } from './limits.js';
import { okxData, paramEmpty, paramError } from './okx-reply.js';

const tags = ['public (OKX v5)'];

/** GET /api/v5/public/instruments, /public/time and /system/status. */
export const okxPublicRoutes: FastifyPluginAsyncZod<{ deps: V5Deps }> = async (app, { deps }) => {
  app.get('/public/instruments', {
    config: OKX_LIMITS.instruments,
    schema: {
      tags,
      summary: 'Instruments of one type: SPOT, SWAP (perpetuals), FUTURES (delivery contracts); OPTION answers none',
      querystring: okxInstrumentsQuery,
    },
    handler: async (request) => {
      const { instType, instId, uly, instFamily } = request.query;
      if (!instType) throw paramEmpty('instType');
      if (!(OKX_INST_TYPES as readonly string[]).includes(instType)) throw paramError('instType');
      const family = instFamily ?? uly;
      const rows = [...deps.venues.all()]
        .filter((v) => instTypeOf(v) === instType && (v.kind === 'spot' || !deps.futures.isExpired(v.instId)))
        .filter((v) => (instId === undefined || v.instId === instId.toUpperCase()) && (family === undefined || `${v.coin.symbol}-${QUOTE_ASSET}` === family.toUpperCase()))
        .sort((a, b) => a.instId.localeCompare(b.instId))
        .map((v) => okxInstrument(deps, v));
      return okxData(rows);
    },
  });

  app.get('/public/time', {
    config: OKX_LIMITS.time,
    schema: { tags, summary: 'The server’s time in ms' },
    handler: async () => okxData([{ ts: String(Date.now()) }]),
  });

  app.get('/system/status', {
    config: OKX_LIMITS.status,
    schema: { tags, summary: 'Planned maintenance: none is ever announced here, so the list is empty (ccxt reads that as "ok")' },
    handler: async () => okxData([]),
  });
};
