import type { HeldPart, HoldReason } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** What holds money, as every balance view names it; Earn is principal put in Earn, not a hold. */
export type HeldBy = HoldReason | 'earn';

export const HELD_LABELS: Record<HeldBy, MessageDescriptor> = {
  order: msg`In orders`,
  withdrawal: msg`Withdrawal`,
  margin: msg`Position margin`,
  earn: msg`In Earn`,
};

export interface HeldAmount {
  by: HeldBy;
  amount: number;
}

function num(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** Held parts of several wallets added up by what holds them, in HELD_LABELS' order. Display only. */
export function sumHeld(parts: readonly (readonly HeldPart[])[], earn = '0'): HeldAmount[] {
  const sums = new Map<HeldBy, number>();
  for (const held of parts) for (const h of held) sums.set(h.reason, (sums.get(h.reason) ?? 0) + num(h.amount));
  if (num(earn) > 0) sums.set('earn', num(earn));
  const order = Object.keys(HELD_LABELS);
  return [...sums]
    .filter(([, amount]) => amount > 0)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([by, amount]) => ({ by, amount }));
}
