import type { CoinListItem } from '@exchange/contract';
import type { WalletCoin } from './views.js';

/** USDT is not a market of its own but every wallet holds it; its id 0 sits apart from the pair ids. */
const USDT: WalletCoin = { symbol: 'USDT', name: 'Tether', coinId: 0, logoPath: '/api/v1/coin-icons/usdt.svg' };

/** The wallet views' coin list: USDT first, then the listed markets in the coin list's order. */
export function walletCoinsOf(coins: readonly CoinListItem[]): WalletCoin[] {
  return [USDT, ...coins.map((c) => ({ symbol: c.symbol, name: c.name, coinId: c.coin_id, logoPath: c.logo_path }))];
}
