import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { MarketSimulation } from '../../market/simulation.js';
import type { VenueBus } from '../../venue/bus.js';
import type { MarketClock } from '../../venue/market-clock.js';
import type { Venues } from '../../venue/venues.js';
import { FuturesService } from './futures-service.js';
import { RiskMonitor } from './risk-monitor.js';

export interface FuturesCore {
  service: FuturesService;
  monitor: RiskMonitor;
}

export interface OpenFuturesOptions {
  db: Database;
  ledger: Ledger;
  venues: Venues;
  bus: VenueBus;
  idempotency: Idempotency;
  log: FastifyBaseLogger;
  now: () => Date;
  clock: MarketClock;
  simulation: MarketSimulation;
}

/**
 * Opens the futures module: the contracts' listing times (the first start lists them, which starts
 * their early funding cap), the open positions back on the books, and the risk clock resuming after
 * the last funding time settled.
 */
export async function openFutures(opts: OpenFuturesOptions): Promise<FuturesCore> {
  const swaps = opts.venues.swaps();
  const startMs = opts.clock.nowMs;
  await opts.db.query(
    `INSERT INTO futures_contracts (inst_id, listed_at) SELECT unnest($1::text[]), $2 ON CONFLICT (inst_id) DO NOTHING`,
    [swaps.map((v) => v.instId), new Date(startMs).toISOString()],
  );
  const listed = await opts.db.query<{ inst_id: string; listed_at: Date | string }>('SELECT inst_id, listed_at FROM futures_contracts');
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
  });
  const monitor = new RiskMonitor({
    futures: service,
    swaps,
    indexOf: (symbol) => opts.simulation.price(symbol),
    listedAt: new Map(listed.rows.map((r) => [r.inst_id, new Date(r.listed_at).getTime()])),
    lastFunding: new Map(funding.rows.map((r) => [r.inst_id, { time: Number(r.funding_time), rate: r.rate }])),
    startMs,
    log: opts.log,
  });
  for (const v of swaps) monitor.track(service.openPositions(v.instId));
  return { service, monitor };
}
