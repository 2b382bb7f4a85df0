import type { UdfConfigResponse, UdfSearchResponse, UdfSymbolResponse } from '@exchange/contract';
import { QUOTE_ASSET, coinBySymbol, coins, type Coin } from '../../shared/catalogue.js';
import { stepDecimals } from '../../shared/decimal.js';
import { RESOLUTIONS, UDF_RESOLUTION } from './resolutions.js';

/** The exchange name charts show next to a symbol. */
export const UDF_EXCHANGE = 'NEXA';
const SUPPORTED_RESOLUTIONS = RESOLUTIONS.map((r) => UDF_RESOLUTION[r]);

export const udfConfig: UdfConfigResponse = {
  supported_resolutions: SUPPORTED_RESOLUTIONS,
  supports_search: true,
  supports_group_request: false,
  supports_marks: false,
  supports_timescale_marks: false,
  supports_time: true,
  exchanges: [{ value: UDF_EXCHANGE, name: UDF_EXCHANGE, desc: UDF_EXCHANGE }],
  symbols_types: [{ name: 'crypto', value: 'crypto' }],
};

/** "BTC", "btcusdt", "BTC-USDT", "BTC/USDT" or "NEXA:BTCUSDT" → the coin. */
export function resolveUdfSymbol(raw: string): Coin | undefined {
  const name = (raw.includes(':') ? raw.slice(raw.indexOf(':') + 1) : raw).toUpperCase().replace(/[-/_]/g, '');
  const direct = coinBySymbol(name);
  if (direct) return direct;
  return name.endsWith(QUOTE_ASSET) ? coinBySymbol(name.slice(0, -QUOTE_ASSET.length)) : undefined;
}

function ticker(coin: Coin): string {
  return `${coin.symbol}${QUOTE_ASSET}`;
}

export function udfSymbolInfo(coin: Coin): UdfSymbolResponse {
  return {
    name: ticker(coin),
    ticker: ticker(coin),
    full_name: `${UDF_EXCHANGE}:${ticker(coin)}`,
    description: `${coin.name} / ${QUOTE_ASSET}`,
    type: 'crypto',
    session: '24x7',
    timezone: 'Etc/UTC',
    exchange: UDF_EXCHANGE,
    listed_exchange: UDF_EXCHANGE,
    minmov: 1,
    pricescale: 10 ** stepDecimals(coin.tick_size),
    has_intraday: true,
    has_daily: true,
    has_weekly_and_monthly: false,
    supported_resolutions: SUPPORTED_RESOLUTIONS,
    intraday_multipliers: ['1', '5', '15', '60', '240'],
    volume_precision: stepDecimals(coin.lot_size),
    data_status: 'streaming',
    currency_code: QUOTE_ASSET,
  };
}

export function udfSearch(query: string, limit: number): UdfSearchResponse {
  const q = query.trim().toUpperCase();
  return coins
    .filter((c) => q === '' || ticker(c).includes(q) || c.name.toUpperCase().includes(q))
    .slice(0, limit)
    .map((c) => ({
      symbol: ticker(c),
      full_name: `${UDF_EXCHANGE}:${ticker(c)}`,
      description: `${c.name} / ${QUOTE_ASSET}`,
      exchange: UDF_EXCHANGE,
      ticker: ticker(c),
      type: 'crypto',
    }));
}
