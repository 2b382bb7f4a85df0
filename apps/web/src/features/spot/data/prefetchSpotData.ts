import { getMarketClient } from '../../../shared/market/client';
import { instIdOf } from '../../../shared/market/publicSocket';
import { prefetchBook } from '../../../shared/trading/order-book/prefetchedBook';
import { COIN_PAIR_PARAM, DEFAULT_COIN_PAIR_ID } from '@exchange/contract';

/** The coin a URL without coin_pair_id (or with the default id) shows, known before the coin list arrives. */
const DEFAULT_SYMBOL = 'BTC';

/**
 * Starts the spot page's first requests as soon as its code has arrived, instead of after it has
 * rendered a loading state and run its effects: the coin list, which the page waits for (the
 * market client shares the request with the page's own call, or answers it from its cache or the
 * list the server wrote into the page), and
 * the order book of the default pair, which the user waits for. Another pair's symbol is only
 * known from the coin list, so its book is asked for by the widget as before.
 */
export function prefetchSpotData(search: string): void {
  void getMarketClient().fetchCoins();
  const pair = new URLSearchParams(search).get(COIN_PAIR_PARAM);
  if (pair === null || pair === String(DEFAULT_COIN_PAIR_ID)) prefetchBook(instIdOf(DEFAULT_SYMBOL));
}
