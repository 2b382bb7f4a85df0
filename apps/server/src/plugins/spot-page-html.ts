import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { COINS_SEED_ID, defaultFavourites, fillSpotHeaderShell, resolveCoinPair, type CoinListItem } from '@exchange/contract';

/** What the spot page's HTML is drawn from: the coin list and its serialised answer, taken together. */
export interface CoinListSource {
  coins(): readonly CoinListItem[];
  coinsBody(): Buffer;
}

/** One page in each encoding a browser may ask for. */
export interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** JSON inside a <script>: `<` escaped so no value can close the element. */
const scriptJson = (body: Buffer) => body.toString('utf8').replaceAll('<', '\\u003c');

/**
 * The English spot page with its market header drawn for the pair of `coin_pair_id` (the same pair
 * the app chooses, by the contract's resolveCoinPair) and, before </body>, the coin list the figures
 * came from, which the app's first render starts from (apps/web/src/shared/market/coinsSeed.ts). The
 * star is drawn as a first visit shows it (the default favourites); a visitor who chose others sees
 * it change when the app has read them.
 * Pages are built once per coin list (the market rebuilds it at most once a second) and pair, and
 * compressed once: the template holds the page's stylesheets, about 60 KB before compression.
 */
export function spotPageHtml(template: string, source: CoinListSource): (coinPairId: string | null) => EncodedPage | null {
  let builtFor: Buffer | null = null;
  let pages = new Map<number, EncodedPage>();
  return (coinPairId) => {
    const body = source.coinsBody();
    const coins = source.coins();
    if (body !== builtFor) {
      builtFor = body;
      pages = new Map();
    }
    const coin = resolveCoinPair(coins, coinPairId)?.coin;
    if (!coin) return null;
    const cached = pages.get(coin.id);
    if (cached) return cached;
    const seed = `<script type="application/json" id="${COINS_SEED_ID}">${scriptJson(body)}</script>`;
    const favourite = defaultFavourites(coins).includes(coin.symbol);
    const html = fillSpotHeaderShell(template, coin, favourite).replace('</body>', () => `${seed}</body>`);
    const identity = Buffer.from(html);
    const page = {
      identity,
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip: gzipSync(identity, { level: 6 }),
    };
    pages.set(coin.id, page);
    return page;
  };
}
