import { FUTURES_FEE_RATE, type FeeTierResponse } from '@exchange/contract';
import { fetchFeeTier } from '../../../shared/api/feeTier';
import { compareDecimals } from '../../../shared/format/decimal';
import { useAsync } from '../../../shared/hooks/useAsync';

export interface FuturesFeeRates {
  /** What a fill that takes liquidity pays: the form's fee estimate and a close's. */
  taker: string;
  /** What an opening order's hold sets aside per unit of notional: the higher of maker and taker, as the server holds it. */
  reserve: string;
}

/** The rates every tier starts with, until the user's tier is read (and for visitors). */
export const DEFAULT_FUTURES_FEE_RATES: FuturesFeeRates = { taker: FUTURES_FEE_RATE, reserve: FUTURES_FEE_RATE };

/** The rates of a fee tier answer, as the futures form reckons with them. */
export function futuresFeeRatesOf(tier: Pick<FeeTierResponse, 'futures_maker_rate' | 'futures_taker_rate'>): FuturesFeeRates {
  const { futures_maker_rate: maker, futures_taker_rate: taker } = tier;
  return { taker, reserve: compareDecimals(maker, taker) === 1 ? maker : taker };
}

/** The user's futures rates, read from their fee tier (an operator may set them per tier); the default ones until read. */
export function useFuturesFeeRates(uid: number | null): FuturesFeeRates {
  const { data } = useAsync('fee-tier', uid === null ? null : String(uid), (signal) => fetchFeeTier(uid ?? 0, signal));
  return data ? futuresFeeRatesOf(data) : DEFAULT_FUTURES_FEE_RATES;
}
