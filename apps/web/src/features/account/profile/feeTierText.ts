import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FeeTierName } from '@exchange/contract';
import { percentOfRate, toFixedDecimal } from '../../../shared/format/decimal';

/** Spec 3 §6: the tiers' names. */
export const feeTierLabels: Record<FeeTierName, MessageDescriptor> = {
  level_1: msg`Level 1`,
  premium: msg`Premium Tier`,
};

/**
 * A fee rate of the contract ("0.001") as a percentage ("0.10%"), at least 2 decimals and every
 * digit an administrator set ("0.00125" → "0.125%"), so a rate is never shown rounded.
 */
export function ratePercent(rate: string): string {
  const percent = percentOfRate(rate) ?? '0';
  const decimals = percent.split('.')[1]?.length ?? 0;
  return `${toFixedDecimal(percent, Math.max(2, decimals)) ?? '0.00'}%`;
}
