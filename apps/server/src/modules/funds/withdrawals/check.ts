import { withdrawMessages, type SubmitWithdrawalQuery } from '@exchange/contract';
import { AppError, codedError } from '../../../errors.js';
import { balancesOf } from '../../../ledger/accounts.js';
import { parsePositiveAmount } from '../../../ledger/amounts.js';
import { withinDecimals, withinMaximum } from '../../../shared/asset-limits.js';
import { coins, QUOTE_ASSET } from '../../../shared/catalogue.js';
import { Dec } from '../../../shared/decimal.js';
import type { WithdrawalDeps } from './deps.js';
import { checkDestination, type Destination } from './destination.js';
import { amountRefusal, dailyLimitRefusal, dayStart } from './rules.js';
import { usedSince, withdrawerFacts } from './store.js';

export const bad = (message: string, code = 'VALIDATION') => new AppError(400, message, code);

/** The coin of the spec's wallet_id: the coin id GET /coin-transaction lists (0 is USDT). */
export function coinOf(walletId: number): { symbol: string } | undefined {
  if (walletId === 0) return { symbol: QUOTE_ASSET };
  return coins.find((c) => c.pair_id === walletId);
}

/** What every rule allowed: the destination, the amount and its fee and value. */
export interface Checked {
  symbol: string;
  destination: Destination;
  amount: Dec;
  fee: Dec;
  value: Dec;
}

/**
 * Every rule of a withdrawal of `symbol`, as submit and confirm both check them; throws the first
 * refusal. `bookOnly` holds the destination to the address book whatever the user's switch says (an
 * API key's withdrawal, docs/trading-api.md).
 */
export async function checkWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  symbol: string,
  input: Pick<SubmitWithdrawalQuery, 'initial_amount' | 'network_id' | 'address' | 'memo' | 'recipient' | 'source'>,
  bookOnly = false,
): Promise<Checked> {
  const { db, limits } = deps;
  const now = deps.now();
  const facts = await withdrawerFacts(db, userId);
  if (!facts.verified) throw new AppError(403, withdrawMessages.notVerified, 'IDENTITY_NOT_VERIFIED');
  if (facts.lockedUntil && facts.lockedUntil > now) {
    throw codedError(403, 'WITHDRAWALS_LOCKED', 'withdraw.lockedUntil', { until: facts.lockedUntil.toISOString() });
  }
  const destination = await checkDestination(db, { pays: deps.pays }, userId, symbol, input, bookOnly || facts.whitelistOnly);
  const fee = new Dec(destination.kind === 'onchain' ? destination.fee : 0);

  const parsed = parsePositiveAmount(input.initial_amount);
  if (parsed) {
    withinMaximum(parsed, symbol);
    if (destination.kind === 'onchain') withinDecimals(parsed, symbol, destination.network.code, destination.decimals);
  }
  const balances = await balancesOf(db, userId);
  const available = new Dec(balances.find((b) => b.asset === symbol && b.wallet === input.source)?.available ?? '0');
  const refusal = amountRefusal(parsed, fee, symbol, available);
  if (refusal) throw refusal;
  if (!parsed) throw bad(withdrawMessages.invalidAmount);

  const price = symbol === QUOTE_ASSET ? '1' : deps.price(symbol);
  const value = price ? parsed.times(price) : new Dec(0);
  const dailyRefusal = dailyLimitRefusal(value, { limit: limits.dailyLimitUsdt, used: await usedSince(db, userId, dayStart(now)) });
  if (dailyRefusal) throw dailyRefusal;
  return { symbol, destination, amount: parsed, fee, value };
}
