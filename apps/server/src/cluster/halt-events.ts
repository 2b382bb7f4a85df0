import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MarketHalts } from '../venue/market-halts.js';
import type { MarketListings } from '../venue/market-listings.js';
import type { FeeSchedule } from '../modules/fee-tier/index.js';
import { openBroadcast } from './broadcast.js';
import type { Cluster } from './cluster.js';

/**
 * An administrator's halt or resume reaches every process of the cluster as soon as NATS brings
 * the word; each then reads the halts from the database (the message carries no state to trust).
 * Without it, the halts' poll bounds the delay (venue/market-halts.ts).
 */
export function clusterHaltEvents(cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject'>, halts: MarketHalts, log: FastifyBaseLogger): void {
  const publish = openBroadcast(cluster, 'market-halts', z.object({ changed: z.literal(true) }), log, () => {
    halts.refresh().catch((err: unknown) => log.warn({ err }, 'could not read the market halts'));
  });
  halts.connect(() => publish({ changed: true }));
}

/** The same for an administrator's listing: every process lists the new market when NATS brings the word (venue/market-listings.ts). */
export function clusterListingEvents(cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject'>, listings: MarketListings, log: FastifyBaseLogger): void {
  const publish = openBroadcast(cluster, 'market-listings', z.object({ changed: z.literal(true) }), log, () => {
    listings.refresh().catch((err: unknown) => log.warn({ err }, 'could not read the market listings'));
  });
  listings.connect(() => publish({ changed: true }));
}

/** The same for an administrator's change of a tier's fee rates (modules/fee-tier/schedule.ts). */
export function clusterFeeEvents(cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject'>, fees: FeeSchedule, log: FastifyBaseLogger): void {
  const publish = openBroadcast(cluster, 'fee-rates', z.object({ changed: z.literal(true) }), log, () => {
    fees.refresh().catch((err: unknown) => log.warn({ err }, 'could not read the fee rates'));
  });
  fees.connect(() => publish({ changed: true }));
}
