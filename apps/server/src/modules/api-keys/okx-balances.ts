import type { BalanceRow } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';

/**
 * How our wallets map to OKX's accounts (docs/trading-api.md): OKX's trading account is our spot
 * and futures wallets together (spot trades and perpetuals both draw on it, as they do on OKX in
 * its multi-currency margin mode), its funding account is our funding wallet. Rows with nothing in
 * them are left out, as OKX does.
 */

export type PriceOf = (asset: string) => string | undefined;

interface Sum {
  available: Dec;
  locked: Dec;
}

function sumBy(rows: readonly BalanceRow[], wallets: readonly string[], only: ReadonlySet<string> | null): Map<string, Sum> {
  const sums = new Map<string, Sum>();
  for (const row of rows) {
    if (!wallets.includes(row.wallet) || (only && !only.has(row.asset))) continue;
    const sum = sums.get(row.asset) ?? { available: new Dec(0), locked: new Dec(0) };
    sum.available = sum.available.plus(row.available);
    sum.locked = sum.locked.plus(row.locked);
    sums.set(row.asset, sum);
  }
  for (const [asset, sum] of sums) if (sum.available.plus(sum.locked).isZero()) sums.delete(asset);
  return sums;
}

/** The `ccy` filter of the balance reads: null when absent. */
export function ccyFilter(ccy: string | undefined): ReadonlySet<string> | null {
  return ccy ? new Set(ccy.split(',').map((c) => c.toUpperCase())) : null;
}

/** GET /api/v5/account/balance's one item: the trading account in USD (USDT at 1), each currency's parts. */
export function tradingAccount(rows: readonly BalanceRow[], only: ReadonlySet<string> | null, priceOf: PriceOf, at: Date) {
  const uTime = String(at.getTime());
  let totalEq = new Dec(0);
  const details = [...sumBy(rows, ['spot', 'futures'], only)].map(([ccy, { available, locked }]) => {
    const eq = available.plus(locked);
    const price = priceOf(ccy);
    const eqUsd = price === undefined ? new Dec(0) : eq.times(price);
    totalEq = totalEq.plus(eqUsd);
    return {
      ccy,
      eq: eq.toFixed(),
      cashBal: eq.toFixed(),
      availBal: available.toFixed(),
      frozenBal: locked.toFixed(),
      ordFrozen: locked.toFixed(),
      availEq: available.toFixed(),
      disEq: eqUsd.toFixed(),
      eqUsd: eqUsd.toFixed(),
      upl: '0',
      uTime,
    };
  });
  return { totalEq: totalEq.toFixed(), adjEq: totalEq.toFixed(), isoEq: '0', uTime, details };
}

/** GET /api/v5/asset/balances's items: the funding account. */
export function fundingAccount(rows: readonly BalanceRow[], only: ReadonlySet<string> | null) {
  return [...sumBy(rows, ['funding'], only)].map(([ccy, { available, locked }]) => ({
    ccy,
    bal: available.plus(locked).toFixed(),
    availBal: available.toFixed(),
    frozenBal: locked.toFixed(),
  }));
}
