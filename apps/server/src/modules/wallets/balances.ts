import { HOLD_REASONS, type AssetBalance, type HoldReason, type WalletBalancesResponse, type WalletPart } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import type { BalanceRow, WalletKind } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import { priceIn, type PriceOf, type WalletCoin } from './views.js';

const WALLETS: readonly WalletKind[] = ['funding', 'spot', 'futures'];

export interface LiveHold {
  asset: string;
  wallet: WalletKind;
  reason: string;
  amount: string;
}

/** The owner's live holds summed per asset, wallet and reason. */
export async function liveHoldsOf(q: Queryable, owner: string): Promise<LiveHold[]> {
  const res = await q.query<LiveHold>(
    `SELECT a.asset, a.wallet, h.reason, SUM(h.amount)::text AS amount
     FROM holds h JOIN ledger_accounts a ON a.id = h.account_id
     WHERE a.owner = $1 AND h.status = 'live'
     GROUP BY a.asset, a.wallet, h.reason`,
    [owner],
  );
  return res.rows;
}

/** A wallet's parts in exact decimals, before they are written out. */
interface Part {
  available: Dec;
  held: Map<HoldReason, Dec>;
}

const emptyPart = (): Part => ({ available: new Dec(0), held: new Map() });

function heldSum(p: Part): Dec {
  let sum = new Dec(0);
  for (const v of p.held.values()) sum = sum.plus(v);
  return sum;
}

function partOut(p: Part, times: Dec = new Dec(1)): WalletPart {
  const held = HOLD_REASONS.flatMap((reason) => {
    const v = p.held.get(reason);
    return v && v.gt(0) ? [{ reason, amount: v.times(times).toFixed() }] : [];
  });
  return { available: p.available.times(times).toFixed(), held, total: p.available.plus(heldSum(p)).times(times).toFixed() };
}

function addInto(sum: Part, p: Part, times: Dec): void {
  sum.available = sum.available.plus(p.available.times(times));
  for (const [reason, v] of p.held) sum.held.set(reason, (sum.held.get(reason) ?? new Dec(0)).plus(v.times(times)));
}

/** A hold's reason as the answer names it; one the contract does not list counts as an order's. */
function reasonOf(raw: string): HoldReason {
  return (HOLD_REASONS as readonly string[]).includes(raw) ? (raw as HoldReason) : 'order';
}

export interface BalancesInput {
  coins: readonly WalletCoin[];
  balances: readonly BalanceRow[];
  holds: readonly LiveHold[];
  /** Earn principal per asset. */
  earn: ReadonlyMap<string, string>;
  getPrice: PriceOf;
}

/**
 * Every asset's wallets as available, held by what holds it, and total. A wallet's held parts are
 * its live holds, which the ledger keeps equal to its locked balance (`locked_equals_live_holds`),
 * so each total is exactly the sum of the parts shown beside it, and the totals the sum of the rows.
 */
export function walletBalances({ coins, balances, holds, earn, getPrice }: BalancesInput): WalletBalancesResponse {
  const parts = new Map<string, Record<WalletKind, Part>>();
  const of = (asset: string) => {
    let p = parts.get(asset);
    if (!p) {
      p = { funding: emptyPart(), spot: emptyPart(), futures: emptyPart() };
      parts.set(asset, p);
    }
    return p;
  };
  for (const b of balances) of(b.asset)[b.wallet].available = new Dec(b.available);
  for (const h of holds) {
    const part = of(h.asset)[h.wallet];
    const reason = reasonOf(h.reason);
    part.held.set(reason, (part.held.get(reason) ?? new Dec(0)).plus(h.amount));
  }
  for (const asset of earn.keys()) of(asset);

  const listed = new Set(coins.map((c) => c.symbol));
  const extra: WalletCoin[] = [...parts.keys()].filter((s) => !listed.has(s)).map((symbol) => ({ symbol, name: symbol, coinId: 0, logoPath: '' }));
  const sums: Record<WalletKind, Part> = { funding: emptyPart(), spot: emptyPart(), futures: emptyPart() };
  let earnValue = new Dec(0);
  let totalValue = new Dec(0);
  const assets = [...coins, ...extra].map((coin): AssetBalance => {
    const w = parts.get(coin.symbol) ?? { funding: emptyPart(), spot: emptyPart(), futures: emptyPart() };
    const price = priceIn(getPrice, coin.symbol);
    const inEarn = new Dec(earn.get(coin.symbol) ?? 0);
    let total = inEarn;
    for (const wallet of WALLETS) {
      total = total.plus(w[wallet].available).plus(heldSum(w[wallet]));
      addInto(sums[wallet], w[wallet], price);
    }
    earnValue = earnValue.plus(inEarn.times(price));
    totalValue = totalValue.plus(total.times(price));
    return {
      symbol: coin.symbol,
      name: coin.name,
      coin_id: coin.coinId,
      logo_path: coin.logoPath,
      price: price.toFixed(),
      funding: partOut(w.funding),
      spot: partOut(w.spot),
      futures: partOut(w.futures),
      earn: inEarn.toFixed(),
      total: total.toFixed(),
      value: total.times(price).toFixed(),
    };
  });
  return {
    assets,
    totals: { funding: partOut(sums.funding), spot: partOut(sums.spot), futures: partOut(sums.futures), earn: earnValue.toFixed(), total: totalValue.toFixed() },
  };
}
