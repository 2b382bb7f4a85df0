import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FeeTierName } from '@exchange/contract';

/** Spec 3 §6: the tiers' names. */
export const feeTierLabels: Record<FeeTierName, MessageDescriptor> = {
  level_1: msg`Level 1`,
  premium: msg`Premium Tier`,
};

/** A fee rate of the contract ("0.001") as a percentage ("0.10%"). */
export function ratePercent(rate: string): string {
  const n = Number(rate) * 100;
  return `${Number.isFinite(n) ? n.toFixed(2) : '0.00'}%`;
}
