import type { CoinTransactionRow, FundsNetwork, WithdrawSource } from '@exchange/contract';
import { BALANCE_DECIMALS } from '../../../shared/format/balance';
import { compareDecimals, plainDecimal, subtractDecimals, truncateDecimal } from '../../../shared/format/decimal';
import type { DestinationTab } from './draft';

/** A plain positive-or-zero decimal as the amount field holds it: "25", "0.5", "1." and ".5" too. */
const AMOUNT = /^(\d+\.?\d*|\.\d+)$/;

/** The typed amount as a plain decimal ("1." → "1"), or null when it is not a number. */
export function parseAmount(text: string): string | null {
  const value = text.trim();
  if (!AMOUNT.test(value)) return null;
  return plainDecimal(value.startsWith('.') ? `0${value}` : value);
}

/** The fee of the withdrawal: the network's on-chain; none on an internal transfer, which never touches a chain. */
export function withdrawFee(tab: DestinationTab, network: FundsNetwork | null): string | null {
  if (tab === 'internal') return '0';
  return network ? (plainDecimal(network.withdraw_fee) ?? network.withdraw_fee) : null;
}

/** The balance of the chosen source account (spec 3 §9: Funding or Trading, the spot wallet). */
export function availableBalance(coin: CoinTransactionRow | null, source: WithdrawSource): string | null {
  if (!coin) return null;
  return source === 'funding' ? coin.funding_balance : coin.spot_balance;
}

/** Spec 3 §5: amount received is amount minus fee, and 0 when the amount is not above the fee. */
export function amountReceived(amountText: string, fee: string | null): string {
  const amount = parseAmount(amountText);
  if (amount === null) return '0';
  const charged = fee ?? '0';
  if (compareDecimals(amount, charged) !== 1) return '0';
  return subtractDecimals(amount, charged) ?? '0';
}

/**
 * What Max fills in: the whole available balance cut (never rounded up) to 8 decimals, or fewer
 * when the token has fewer on the network, without trailing zeros. Null when there is nothing to
 * withdraw, which disables Max.
 */
export function maxAmount(balance: string | null, networkDecimals = BALANCE_DECIMALS): string | null {
  if (balance === null) return null;
  const cut = truncateDecimal(balance, Math.min(BALANCE_DECIMALS, networkDecimals));
  const plain = cut === null ? null : plainDecimal(cut);
  if (plain === null || compareDecimals(plain, '0') !== 1) return null;
  return plain;
}
