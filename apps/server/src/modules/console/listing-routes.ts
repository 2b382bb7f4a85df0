import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListingRequest,
  adminListingResponse,
  adminListingsResponse,
  futuresMaxLeverage,
  marketListingMessages as messages,
  swapInstId,
  type AdminListableRow,
  type AdminListingRequest,
  type AdminListingRow,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import { AppError } from '../../errors.js';
import { candidateBySymbol, candidateCoins, coinBySymbol, coins, instId as spotInstId, type Coin } from '../../shared/catalogue.js';
import { Dec, isOnStep } from '../../shared/decimal.js';
import { LISTING_COLUMNS, listingOf, type MarketListing, type MarketListings } from '../../venue/market-listings.js';
import type { Venues } from '../../venue/venues.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

export interface ListingRoutesOptions extends ConsoleRoutesOptions {
  venues: Pick<Venues, 'get'>;
  listings: Pick<MarketListings, 'changed'>;
}

const bad = (message: string) => new AppError(400, message, 'VALIDATION');
const taken = () => new AppError(409, messages.alreadyListed, 'MARKET_STATE');

function rowOf(l: MarketListing): AdminListingRow {
  return {
    inst_id: l.instId,
    kind: l.kind,
    symbol: l.symbol,
    tick_size: l.tickSize,
    lot_size: l.lotSize,
    min_size: l.minSize,
    max_size: l.maxSize,
    max_leverage: l.maxLeverage,
    listed_at: l.listedAt.toISOString(),
    listed_by: l.listedBy,
  };
}

const listable = (coin: Coin, kind: 'spot' | 'swap'): AdminListableRow => ({
  inst_id: kind === 'spot' ? spotInstId(coin.symbol) : swapInstId(coin.symbol),
  kind,
  symbol: coin.symbol,
  name: coin.name,
  price: coin.price,
  tick_size: coin.tick_size,
  lot_size: coin.lot_size,
  max_leverage: kind === 'swap' ? futuresMaxLeverage(coin.symbol) : null,
});

/**
 * The coin a request lists and its market id, or the refusal in plain words: a spot pair of a
 * catalogue coin not listed yet, a perpetual of a coin whose spot pair is listed; on a grid the
 * catalogue's price can walk on, with sizes on the lot and the minimum not above the maximum.
 */
function checked(body: AdminListingRequest, venues: ListingRoutesOptions['venues']): { coin: Coin; instId: string } {
  const snapshotOrListed = coinBySymbol(body.symbol);
  const candidate = candidateBySymbol(body.symbol);
  const coin = candidate ?? snapshotOrListed;
  if (!coin) throw bad(messages.unknownCoin);
  // The venues say what this exchange lists: the catalogue's lookups are the process's (shared/catalogue.ts).
  const spotListed = venues.get(spotInstId(coin.symbol)) !== undefined;
  const instId = body.kind === 'spot' ? spotInstId(coin.symbol) : swapInstId(coin.symbol);
  if (venues.get(instId)) throw taken();
  if (body.kind === 'swap' && !spotListed) throw new AppError(409, messages.spotFirst, 'MARKET_STATE');
  const grid = body.kind === 'swap' ? (venues.get(spotInstId(coin.symbol))?.coin ?? coin) : coin;
  // The futures service checks orders on the coin's grid (modules/futures/parse-open.ts).
  if (body.kind === 'swap' && !(new Dec(body.tick_size).eq(grid.tick_size) && new Dec(body.lot_size).eq(grid.lot_size))) throw bad(messages.perpetualGrid);
  if (!new Dec(body.tick_size).lt(coin.price)) throw bad(messages.tickAbovePrice);
  if (!isOnStep(body.min_size, body.lot_size) || !isOnStep(body.max_size, body.lot_size)) throw bad(messages.offLot);
  if (new Dec(body.min_size).gt(body.max_size)) throw bad(messages.minAboveMax);
  return { coin, instId };
}

/**
 * Listing a market without a restart (issue 43), mounted at /api/admin: what the catalogue can list
 * and what administrators listed, and a listing, audited in its transaction and listed by every
 * process from the market_listings row (venue/market-listings.ts).
 */
export const listingRoutes: FastifyPluginAsyncZod<ListingRoutesOptions> = async (app, { db, twoFactor, now, venues, listings }) => {
  const guard = (right: Parameters<typeof requireRight>[3]) => requireRight(app, db, twoFactor, right);

  app.get('/markets/listings', {
    preHandler: guard('markets.read'),
    schema: {
      tags,
      security,
      summary: 'The catalogue’s coins that can be listed (a spot pair, or the perpetual of a listed coin) with their defaults, and the markets administrators listed',
      response: { 200: adminListingsResponse, ...errors },
    },
    handler: async () => {
      const res = await db.query<Parameters<typeof listingOf>[0]>(`SELECT ${LISTING_COLUMNS} FROM market_listings ORDER BY listed_at DESC, inst_id LIMIT 500`);
      const spot = candidateCoins.filter((c) => !venues.get(spotInstId(c.symbol))).map((c) => listable(c, 'spot'));
      const swaps = [...candidateCoins, ...coins]
        .filter((c, i, all) => all.findIndex((d) => d.symbol === c.symbol) === i)
        .filter((c) => venues.get(spotInstId(c.symbol)) && !venues.get(swapInstId(c.symbol)))
        .map((c) => listable(venues.get(spotInstId(c.symbol))?.coin ?? c, 'swap'));
      return { listable: [...spot, ...swaps], listed: res.rows.map((r) => rowOf(listingOf(r))) };
    },
  });

  app.post('/markets/listings', {
    preHandler: guard('markets.manage'),
    schema: {
      tags,
      security,
      summary:
        'Lists a spot pair of a catalogue coin, or the perpetual of a listed coin, with its tick, lot, minimum and maximum size: tradable at once on every process, without a restart (admin; audited)',
      body: adminListingRequest,
      response: { 200: adminListingResponse, ...errors },
    },
    handler: async (req) => {
      const op = operatorOf(req);
      const body = req.body;
      const { coin, instId } = checked(body, venues);
      const at = now();
      const listing: MarketListing = {
        instId,
        kind: body.kind,
        symbol: coin.symbol,
        tickSize: body.tick_size,
        lotSize: body.lot_size,
        minSize: body.min_size,
        maxSize: body.max_size,
        maxLeverage: body.kind === 'swap' ? futuresMaxLeverage(coin.symbol) : null,
        listedAt: at,
        listedBy: op.email,
      };
      await db.tx(async (q) => {
        const res = await q.query(
          `INSERT INTO market_listings (inst_id, kind, symbol, tick_size, lot_size, min_size, max_size, max_leverage, listed_at, listed_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
          [instId, listing.kind, listing.symbol, listing.tickSize, listing.lotSize, listing.minSize, listing.maxSize, listing.maxLeverage, at.toISOString(), op.email],
        );
        if (res.rowCount === 0) throw taken();
        await recordAudit(q, {
          at,
          operator: op.email,
          role: op.actingRole,
          action: 'markets.list',
          target: `market:${instId}`,
          before: null,
          after: rowOf(listing),
          reason: body.reason,
          address: req.ip,
        });
      });
      await listings.changed();
      return { success: true as const, message: `${instId} listed`, listing: rowOf(listing) };
    },
  });
};
