import type { FuturesSide } from '@exchange/contract';
import type { PositionAction } from '../api/futuresApi';

/** The form's two buttons: green buys (opens a long, closes a short), red sells (opens a short, closes a long). */
export type Tone = 'buy' | 'sell';

export function sideFor(action: PositionAction, tone: Tone): FuturesSide {
  if (action === 'open') return tone === 'buy' ? 'long' : 'short';
  return tone === 'buy' ? 'short' : 'long';
}
