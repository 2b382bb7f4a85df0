import type { Coin } from '../../shared/market/coin';
import { resolveCoinPair } from '@exchange/contract';
import { baseSymbol } from '../../shared/chart/udf';

/** A numeric coin_pair_id is a pair id, looked up in the coin list; anything else names a symbol. */
export function isPairId(raw: string | null): raw is string {
  return raw !== null && /^\d+$/.test(raw.trim());
}

/**
 * The base coin the embed draws (spec 2 §2): ?symbol=, or ?coin_pair_id= as the pair id the rest
 * of the app and the API use (2 is ETH, 1 is BTC), or as a symbol such as BTCUSDT or BTC/USDT;
 * BTC when nothing is given. Null while a pair id waits for the coin list.
 */
export function embedSymbol(symbolParam: string | null, pairParam: string | null, coins: readonly Coin[] | null): string | null {
  if (symbolParam !== null) return baseSymbol(symbolParam);
  if (!isPairId(pairParam)) return baseSymbol(pairParam);
  if (coins === null) return null;
  return resolveCoinPair(coins, pairParam.trim())?.coin.symbol ?? baseSymbol(null);
}
