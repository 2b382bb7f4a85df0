import { SPOT_HEADER_DEFAULT_HIGH_24H, SPOT_HEADER_DEFAULT_LOW_24H, SPOT_HEADER_DEFAULT_VOLUME_24H } from './spot-text.js';
import { DEFAULT_NUMBER_LOCALE, formatChangeIn, formatCompactIn, formatPriceIn, formatUsdPriceIn, isUp } from './display-format.js';

type Reading = number | null | undefined;

/** The coin fields the spot header shows, as the coin list carries them. */
export interface SpotHeaderInput {
  price?: Reading;
  price_change_24h?: Reading;
  '24_high'?: Reading;
  '24_low'?: Reading;
  volume_24h?: Reading;
}

/** The header's texts: what the spot page draws and what the server writes into its HTML ahead of it. */
export interface SpotHeaderFigures {
  price: string;
  usd: string;
  change: string;
  /** The change's colour class: `up` at 0 or above, `down` below (spec 1 §9). */
  tone: 'up' | 'down';
  high: string;
  low: string;
  volume: string;
}

const finite = (value: Reading): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A coin's 24 h high and low, spec 1 §3: a missing or zero value is unknown (a real range is never 0
 * for a priced coin) and reads as 2 % either side of the price.
 */
export function dayRange(price: number, high: Reading, low: Reading): { high: number; low: number } {
  return {
    high: finite(high) && high !== 0 ? high : price * 1.02,
    low: finite(low) && low !== 0 ? low : price * 0.98,
  };
}

/** The header's 24 h high, low and volume, with the spec 1 §9 defaults for any value still missing. */
export function headerStats(coin: SpotHeaderInput): { high: number; low: number; volume: number } {
  return {
    high: finite(coin['24_high']) ? coin['24_high'] : SPOT_HEADER_DEFAULT_HIGH_24H,
    low: finite(coin['24_low']) ? coin['24_low'] : SPOT_HEADER_DEFAULT_LOW_24H,
    volume: finite(coin.volume_24h) ? coin.volume_24h : SPOT_HEADER_DEFAULT_VOLUME_24H,
  };
}

/** The spot header's figures in `locale`, from a coin as the web app holds it (its day range filled in). */
export function spotHeaderFigures(coin: SpotHeaderInput, locale: string): SpotHeaderFigures {
  const stats = headerStats(coin);
  return {
    price: formatPriceIn(locale, coin.price),
    usd: formatUsdPriceIn(locale, coin.price),
    change: formatChangeIn(locale, coin.price_change_24h),
    tone: isUp(coin.price_change_24h) ? 'up' : 'down',
    high: formatPriceIn(locale, stats.high),
    low: formatPriceIn(locale, stats.low),
    volume: formatCompactIn(locale, stats.volume),
  };
}

/** A coin of the coin list, as the server holds it, for the header it draws into the spot page. */
export interface SpotHeaderCoin extends SpotHeaderInput {
  symbol: string;
  pair_name: string;
  logo_path: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * The spot header's HTML for `coin`, in English: `template` (the web app's coin-header-shell.html,
 * the header as the app renders it with {{name}} in place of each figure) with the figures and the
 * favourite star the app will show.
 */
export function fillSpotHeaderShell(template: string, coin: SpotHeaderCoin, favourite: boolean): string {
  const price = typeof coin.price === 'number' ? coin.price : 0;
  const range = dayRange(price, coin['24_high'], coin['24_low']);
  const figures = spotHeaderFigures({ ...coin, '24_high': range.high, '24_low': range.low }, DEFAULT_NUMBER_LOCALE);
  const { symbol } = coin;
  const values: Record<string, string> = {
    ...figures,
    symbol,
    pair: coin.pair_name,
    logo: coin.logo_path,
    favourite: String(favourite),
    starOn: favourite ? ' is-on' : '',
    starLabel: favourite ? `Remove ${symbol} from favourites` : `Add ${symbol} to favourites`,
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`The spot header template names {{${key}}}, which no coin figure fills`);
    return escapeHtml(value);
  });
}

/**
 * The id of the `<script type="application/json">` in which the server writes, into a page whose
 * header it drew, the coin list (the body of GET /api/v1/coins) it drew it from.
 */
export const COINS_SEED_ID = 'nexa-coins';
