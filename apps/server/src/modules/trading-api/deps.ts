import type { Database } from '../../db/database.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import type { MarketHalts } from '../../venue/market-halts.js';
import type { DerivativesSource, MarketData, MarkCandles } from '../market-data/index.js';
import type { FuturesCore } from '../futures/index.js';
import { instrumentMissing, paramEmpty } from './okx-reply.js';

/** What the v5 public calls read: the venues and market data, the contracts' risk clock, stored trades and funding. */
export interface V5Deps {
  db: Database;
  market: MarketData;
  venues: Venues;
  monitor: FuturesCore['monitor'];
  futures: FuturesCore['service'];
  /** The contracts' mark price, funding rate and open interest as the websocket pushes them. */
  derivatives: DerivativesSource;
  /** The contracts' mark price bars. */
  markCandles: MarkCandles;
  /** A market an administrator halted is listed in OKX's `suspend` state. */
  halts: Pick<MarketHalts, 'isHalted'>;
}

export type OkxInstrumentType = 'SPOT' | 'SWAP' | 'FUTURES';

export function instTypeOf(v: Venue): OkxInstrumentType {
  return v.kind === 'spot' ? 'SPOT' : v.kind === 'swap' ? 'SWAP' : 'FUTURES';
}

export { statsKey } from '../market-data/index.js';

/** The venue of a required instId, refused as OKX refuses it (50014 when absent, 51001 when unknown or expired). */
export function venueOf(deps: V5Deps, instId: string | undefined): Venue {
  if (instId === undefined || instId === '') throw paramEmpty('instId');
  const venue = deps.venues.get(instId);
  if (!venue || (venue.kind !== 'spot' && deps.futures.isExpired(venue.instId))) throw instrumentMissing();
  return venue;
}
