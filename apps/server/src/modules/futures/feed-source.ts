import { FUNDING_INTERVAL_MS } from '@exchange/risk';
import type { DerivativesSource } from '../market-data/index.js';
import type { Venues } from '../../venue/venues.js';
import type { FuturesService } from './futures-service.js';
import { toPosition } from './position-view.js';
import type { RiskMonitor } from './risk-monitor.js';

const RATE_DECIMALS = 8;

/** The public channels of the contracts in OKX's shapes (mark-price, funding-rate, open-interest). */
export function futuresFeedSource(futures: FuturesService, monitor: RiskMonitor, venues: Venues): DerivativesSource {
  return {
    onStep: (listener) => monitor.onStep(listener),
    data(channel, instId, ts) {
      const venue = venues.get(instId);
      const snap = monitor.snapshot(instId);
      if (!venue || venue.kind === 'spot' || !snap || snap.mark === null) return undefined;
      if (channel === 'funding-rate' && snap.type !== 'perpetual') return undefined;
      const decimals = venue.prices.decimals;
      const base = { instType: 'SWAP', instId, ts: String(ts) };
      if (channel === 'mark-price') return { ...base, markPx: snap.mark.toFixed(decimals), idxPx: (snap.index ?? snap.mark).toFixed(decimals) };
      if (channel === 'funding-rate') {
        return {
          ...base,
          fundingRate: snap.predictedRate.toFixed(RATE_DECIMALS),
          settFundingRate: snap.lastRate.toFixed(RATE_DECIMALS),
          fundingTime: String(snap.nextFundingMs),
          nextFundingTime: String(snap.nextFundingMs + FUNDING_INTERVAL_MS),
          method: 'current_period',
        };
      }
      const oi = futures.openInterest(instId).long;
      return { ...base, oi: oi.toFixed(), oiCcy: oi.toFixed(), oiUsd: oi.mul(snap.mark.toFixed(decimals)).toDecimalPlaces(2).toFixed() };
    },
  };
}

/**
 * The private feed's `positions` channel: every committed change of a user's position (contract
 * futuresPosition), with `event` and `message` when it was liquidated or deleveraged, and the user's
 * `position_mode` (OKX's positions channel shows a one-way user's position as net, on any process).
 */
export function positionUpdates(futures: FuturesService, monitor: RiskMonitor) {
  return (listener: (userId: string, row: () => unknown) => void): (() => void) =>
    futures.onPositions((positions, events) => {
      const notices = new Map(events.map((e) => [e.positionId, e]));
      for (const p of positions) {
        const notice = notices.get(p.id);
        listener(p.userId, () => ({
          ...toPosition(p, monitor.markOf(p.instId), monitor.liquidationPrice(p), futures.reservedToReduce(p)),
          event: notice?.kind ?? 'changed',
          message: notice?.message ?? null,
          position_mode: futures.positionMode(p.userId),
        }));
      }
    });
}
