import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonBody, queryText, swapInstId } from '@exchange/contract';
import { AppError } from '../../errors.js';
import type { MarketSimulation } from '../../market/simulation.js';
import { contractCoin } from './parse-open.js';
import type { RiskMonitor } from './risk-monitor.js';

const indexBody = jsonBody({
  symbol: queryText('symbol', { trim: true }),
  /** true: move the contract's index alone, the market keeps quoting its coin's reference (a premium or discount). */
  index_only: z.boolean().default(false),
  price: queryText('price', { trim: true }).refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0, 'price must be a decimal above 0').nullable(),
});

/**
 * Test-only (mounted only when NODE_ENV=test): pins a contract's index, the simulator's reference
 * price of its coin (the market maker quotes around it too), or with index_only the contract's index
 * alone, so liquidation and funding are tested on known prices. Steps of the market
 * (`simulation.step`) then quote around it, and ticks of the kernel clock mark and liquidate.
 */
export const futuresTestRoutes: FastifyPluginAsyncZod<{ simulation: MarketSimulation; monitor: RiskMonitor }> = async (
  app,
  { simulation, monitor },
) => {
  app.post('/test/futures/index', {
    schema: { hide: true, body: indexBody, response: { 200: z.object({ symbol: z.string(), price: z.string().nullable() }) } },
    handler: async (req) => {
      const coin = contractCoin(req.body.symbol);
      if (!coin) throw new AppError(400, 'symbol is not a contract', 'UNKNOWN_CONTRACT');
      if (req.body.index_only) monitor.overrideIndex(swapInstId(coin.symbol), req.body.price === null ? null : Number(req.body.price));
      else simulation.pin(coin.symbol, req.body.price);
      return { symbol: coin.symbol, price: req.body.price };
    },
  });
};
