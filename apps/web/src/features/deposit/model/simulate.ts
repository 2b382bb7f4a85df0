import type { FundsNetwork } from '@exchange/contract';
import { compareDecimals } from '../../../shared/format/decimal';
import { exceedsDecimals } from '../../../shared/funds/decimals';

/** Why a simulated deposit's amount cannot be sent, checked before the simulator is asked. */
export type SimulatedAmountProblem = 'invalid' | 'tooManyDecimals' | 'belowMinimum';

/**
 * A plain positive decimal as the contract's amount field accepts it; no more decimals than the
 * token has on the network (the chain could not carry them); at least the network's minimum, since
 * a smaller deposit is recorded and never credited (issue 16 #9).
 */
export function simulatedAmountProblem(text: string, network: Pick<FundsNetwork, 'decimals' | 'min_deposit'>): SimulatedAmountProblem | null {
  const value = text.trim();
  if (!/^\d+(\.\d+)?$/.test(value) || compareDecimals(value, '0') !== 1) return 'invalid';
  if (exceedsDecimals(value, network.decimals)) return 'tooManyDecimals';
  if (compareDecimals(value, network.min_deposit) === -1) return 'belowMinimum';
  return null;
}
