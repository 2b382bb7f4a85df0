import { Dec } from '../../shared/decimal.js';
import type { CoinWallet, WalletEntry, WalletTotals } from '@exchange/contract';
import type { BalanceRow } from '../../ledger/accounts.js';

/** A listed coin as the wallet pages show it. */
export interface WalletCoin {
  symbol: string;
  name: string;
  /** The coin's pair id in GET /coins (coin_id). */
  coinId: number;
  logoPath: string;
}

export type PriceOf = (symbol: string) => string | undefined;

const QUOTE = 'USDT';

/** USDT is the unit of every total; other coins take the market's last price, 0 when unknown. */
export function priceIn(getPrice: PriceOf, symbol: string): Dec {
  if (symbol === QUOTE) return new Dec(1);
  const raw = getPrice(symbol);
  try {
    return raw === undefined ? new Dec(0) : new Dec(raw);
  } catch {
    return new Dec(0);
  }
}

type Wallets = { spot: Dec; futures: Dec; funding: Dec };

const zero = (): Wallets => ({ spot: new Dec(0), futures: new Dec(0), funding: new Dec(0) });

/** Per asset and wallet: the total (available + locked), or what is free to spend. */
function byAsset(balances: BalanceRow[], part: 'total' | 'available'): Map<string, Wallets> {
  const out = new Map<string, Wallets>();
  for (const b of balances) {
    const w = out.get(b.asset) ?? zero();
    w[b.wallet] = w[b.wallet].plus(b.available).plus(part === 'total' ? b.locked : 0);
    out.set(b.asset, w);
  }
  return out;
}

/** The assets table: every listed coin, then any other asset the user holds. */
export function walletEntries(
  coins: readonly WalletCoin[],
  balances: BalanceRow[],
  getPrice: PriceOf,
  walletId: string,
): [WalletEntry[], WalletTotals] {
  const held = byAsset(balances, 'total');
  const listed = new Set(coins.map((c) => c.symbol));
  const extra: WalletCoin[] = [...held.keys()]
    .filter((s) => !listed.has(s))
    .map((symbol) => ({ symbol, name: symbol, coinId: 0, logoPath: '' }));
  const totals = zero();
  const rows = [...coins, ...extra].map((coin): WalletEntry => {
    const w = held.get(coin.symbol) ?? zero();
    const price = priceIn(getPrice, coin.symbol);
    totals.spot = totals.spot.plus(w.spot.times(price));
    totals.futures = totals.futures.plus(w.futures.times(price));
    totals.funding = totals.funding.plus(w.funding.times(price));
    return {
      coin_id: coin.coinId,
      wallet_id: walletId,
      crypto_symbol: coin.symbol,
      crypto_name: coin.name,
      logo_path: coin.logoPath,
      price: price.toFixed(),
      spot_wallet: w.spot.toFixed(),
      future_wallet: w.futures.toFixed(),
      funding_wallet: w.funding.toFixed(),
    };
  });
  const overview = totals.spot.plus(totals.futures).plus(totals.funding);
  return [
    rows,
    {
      overview: overview.toFixed(),
      spot_wallet: totals.spot.toFixed(),
      future_wallet: totals.futures.toFixed(),
      funding_wallet: totals.funding.toFixed(),
    },
  ];
}

/** One coin's spendable spot and futures balances: what the trade and transfer forms may use. */
export function coinWallet(coin: WalletCoin, balances: BalanceRow[], getPrice: PriceOf): CoinWallet {
  const w = byAsset(balances, 'available').get(coin.symbol) ?? zero();
  return {
    coin_id: coin.coinId,
    crypto_symbol: coin.symbol,
    crypto_name: coin.name,
    logo_path: coin.logoPath,
    price: priceIn(getPrice, coin.symbol).toFixed(),
    spot_wallet: w.spot.toFixed(),
    future_wallet: w.futures.toFixed(),
  };
}
