import type { Database } from '../../db/database.js';
import type { MarketSimulation } from '../../market/simulation.js';
import { coinBySymbol } from '../../shared/catalogue.js';
import type { IndexSource } from '../../venue/index-prices.js';
import type { MarketClock } from '../../venue/market-clock.js';
import { Venue } from '../../venue/venue.js';
import { EXPIRY_SYMBOLS, expiryInstId, quarterlyExpiry } from './expiry.js';
import { FuturesService } from './futures-service.js';
import type { FuturesOptions } from './desk.js';
import { RiskMonitor, type ContractInfo } from './risk-monitor.js';

export interface FuturesCore {
  service: FuturesService;
  monitor: RiskMonitor;
  /** Starts quoting the delivery contracts (once the simulated market's orders reach the futures service). */
  quoteDeliveries(): Promise<void>;
  /** Trades, watches and quotes a perpetual an administrator listed while the process runs (issue 43). */
  listPerpetual(venue: Venue): Promise<void>;
}

/** The service's own options, with the market clock in place of its time. */
export interface OpenFuturesOptions extends Omit<FuturesOptions, 'nowMs'> {
  clock: MarketClock;
  /** The contracts' index prices. */
  index: IndexSource;
  /** Quotes the delivery contracts as they are listed. */
  simulation: MarketSimulation;
}

interface ContractRow {
  inst_id: string;
  symbol: string;
  type: 'perpetual' | 'expiry';
  listed_at: Date | string;
  expiry_at: Date | string | null;
}

/**
 * Opens the futures module: the contracts' listing (the first start lists every perpetual, which
 * starts its early funding cap, and the current quarter of each delivery contract), the open
 * positions back on the books, and the risk clock resuming after the last funding time settled.
 * When a quarter settles, the next one is listed and quoted.
 */
export async function openFutures(opts: OpenFuturesOptions): Promise<FuturesCore> {
  const startMs = opts.clock.nowMs;
  const swaps = opts.venues.swaps();
  await opts.db.query(
    `INSERT INTO futures_contracts (inst_id, symbol, type, listed_at)
     SELECT unnest($1::text[]), unnest($2::text[]), 'perpetual', $3 ON CONFLICT (inst_id) DO NOTHING`,
    [swaps.map((v) => v.instId), swaps.map((v) => v.coin.symbol), new Date(startMs).toISOString()],
  );
  const open = await opts.db.query<{ symbol: string }>(`SELECT symbol FROM futures_contracts WHERE type = 'expiry' AND settled_at IS NULL`);
  const listed = new Set(open.rows.map((r) => r.symbol));
  for (const symbol of EXPIRY_SYMBOLS) if (!listed.has(symbol)) await insertQuarter(opts.db, symbol, startMs);

  const rows = await opts.db.query<ContractRow>(
    `SELECT inst_id, symbol, type, listed_at, expiry_at FROM futures_contracts WHERE settled_at IS NULL ORDER BY inst_id`,
  );
  const infos: ContractInfo[] = [];
  for (const r of rows.rows) {
    const venue = r.type === 'perpetual' ? opts.venues.get(r.inst_id) : expiryVenue(opts, r.inst_id, r.symbol);
    if (!venue) continue;
    infos.push({ venue, type: r.type, listedAtMs: new Date(r.listed_at).getTime(), expiryMs: r.expiry_at === null ? null : new Date(r.expiry_at).getTime() });
  }

  const funding = await opts.db.query<{ inst_id: string; funding_time: string; rate: string }>(
    `SELECT DISTINCT ON (inst_id) inst_id, funding_time::text AS funding_time, rate::text AS rate
     FROM futures_funding ORDER BY inst_id, funding_time DESC`,
  );
  const service = await FuturesService.open({
    db: opts.db,
    ledger: opts.ledger,
    venues: opts.venues,
    bus: opts.bus,
    idempotency: opts.idempotency,
    log: opts.log,
    now: opts.now,
    nowMs: () => opts.clock.nowMs,
    halts: opts.halts,
    fees: opts.fees,
  });
  const monitor: RiskMonitor = new RiskMonitor({
    futures: service,
    contracts: infos,
    lastFunding: new Map(funding.rows.map((r) => [r.inst_id, { time: Number(r.funding_time), rate: r.rate }])),
    indexOf: (symbol) => opts.index.price(symbol),
    startMs,
    log: opts.log,
    async onExpired(instId, expiryMs) {
      opts.simulation.removeMarket(instId);
      const symbol = instId.split('-')[0] ?? '';
      const next = await insertQuarter(opts.db, symbol, expiryMs);
      const venue = expiryVenue(opts, next.instId, symbol);
      if (!venue) return;
      await service.addContracts([venue.instId]);
      monitor.addContract({ venue, type: 'expiry', listedAtMs: opts.clock.nowMs, expiryMs: next.expiryMs });
      await opts.simulation.addMarket(venue);
    },
  });
  for (const info of infos) monitor.track(service.openPositions(info.venue.instId));
  return {
    service,
    monitor,
    async quoteDeliveries() {
      for (const info of infos) if (info.type === 'expiry') await opts.simulation.addMarket(info.venue);
    },
    async listPerpetual(venue) {
      const listedAtMs = opts.clock.nowMs;
      await opts.db.query(
        `INSERT INTO futures_contracts (inst_id, symbol, type, listed_at) VALUES ($1, $2, 'perpetual', $3) ON CONFLICT (inst_id) DO NOTHING`,
        [venue.instId, venue.coin.symbol, new Date(listedAtMs).toISOString()],
      );
      await service.addContracts([venue.instId]);
      monitor.addContract({ venue, type: 'perpetual', listedAtMs, expiryMs: null });
      await opts.simulation.addMarket(venue);
    },
  };
}

/** Lists the first quarter expiring after `afterMs` (nothing if it already is). */
async function insertQuarter(db: Database, symbol: string, afterMs: number): Promise<{ instId: string; expiryMs: number }> {
  const expiryMs = quarterlyExpiry(afterMs);
  const instId = expiryInstId(symbol, expiryMs);
  await db.query(
    `INSERT INTO futures_contracts (inst_id, symbol, type, listed_at, expiry_at) VALUES ($1, $2, 'expiry', now(), $3) ON CONFLICT (inst_id) DO NOTHING`,
    [instId, symbol, new Date(expiryMs).toISOString()],
  );
  return { instId, expiryMs };
}

/**
 * Lists on `venues` every delivery contract the database has open, without opening the futures
 * service: a cluster's follower, which runs no contract, still answers their market data (the
 * owner lists a new quarter when one settles, so a follower looks again now and then).
 */
export async function listDeliveryContracts(opts: Pick<OpenFuturesOptions, 'db' | 'venues' | 'clock'>): Promise<void> {
  const rows = await opts.db.query<{ inst_id: string; symbol: string }>(
    `SELECT inst_id, symbol FROM futures_contracts WHERE type = 'expiry' AND settled_at IS NULL ORDER BY inst_id`,
  );
  for (const r of rows.rows) expiryVenue(opts, r.inst_id, r.symbol);
}

function expiryVenue(opts: Pick<OpenFuturesOptions, 'venues' | 'clock'>, instId: string, symbol: string): Venue | undefined {
  const existing = opts.venues.get(instId);
  if (existing) return existing;
  const coin = coinBySymbol(symbol);
  if (!coin) return undefined;
  const venue = new Venue(coin, instId, opts.venues.tradeIds, () => opts.clock.nowMs, 'expiry');
  opts.venues.add(venue);
  return venue;
}
