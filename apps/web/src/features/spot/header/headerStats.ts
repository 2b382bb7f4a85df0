import { SPOT_HEADER_DEFAULT_HIGH_24H, SPOT_HEADER_DEFAULT_LOW_24H, SPOT_HEADER_DEFAULT_VOLUME_24H } from '@exchange/contract';

type Reading = number | null | undefined;

export interface HeaderStatsInput {
  '24_high'?: Reading;
  '24_low'?: Reading;
  volume_24h?: Reading;
}

export interface HeaderStats {
  high: number;
  low: number;
  volume: number;
}

function orDefault(value: Reading, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The header's 24h high, low and volume, with the spec 1 §9 defaults for any value the coin lacks. */
export function headerStats(coin: HeaderStatsInput): HeaderStats {
  return {
    high: orDefault(coin['24_high'], SPOT_HEADER_DEFAULT_HIGH_24H),
    low: orDefault(coin['24_low'], SPOT_HEADER_DEFAULT_LOW_24H),
    volume: orDefault(coin.volume_24h, SPOT_HEADER_DEFAULT_VOLUME_24H),
  };
}
