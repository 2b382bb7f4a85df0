import type { UdfConfigResponse, UdfSearchResponse, UdfSymbolResponse } from '@exchange/contract';
import { QUOTE_ASSET, coinBySymbol, coins } from '../../shared/catalogue.js';
import { stepDecimals } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { UDF_RESOLUTIONS } from './udf-resolutions.js';

/** The exchange name charts show next to a symbol. */
export const UDF_EXCHANGE = 'NEXA';

/** TradingView's symbol types: spot pairs are `crypto` (as before contracts were listed), perpetuals `swap`, delivery contracts `futures`. */
const TYPES = { spot: 'crypto', swap: 'swap', expiry: 'futures' } as const;

export const udfConfig: UdfConfigResponse = {
  supported_resolutions: [...UDF_RESOLUTIONS],
  supports_search: true,
  supports_group_request: false,
  supports_marks: false,
  supports_timescale_marks: false,
  supports_time: true,
  exchanges: [
    { value: '', name: 'All exchanges', desc: '' },
    { value: UDF_EXCHANGE, name: UDF_EXCHANGE, desc: UDF_EXCHANGE },
  ],
  symbols_types: [
    { name: 'All types', value: '' },
    { name: 'Spot', value: TYPES.spot },
    { name: 'Perpetual', value: TYPES.swap },
    { name: 'Delivery', value: TYPES.expiry },
  ],
};

/** What a market lists: its venues, spot and contracts. */
export interface UdfMarkets {
  market(instId: string): Venue | undefined;
  allMarkets(): IterableIterator<Venue>;
}

/** A spot pair's chart name (BTCUSDT); a contract's is its instId (BTC-USDT-SWAP, BTC-USDT-261225). */
function ticker(v: Venue): string {
  return v.kind === 'spot' ? `${v.coin.symbol}${QUOTE_ASSET}` : v.instId;
}

function description(v: Venue): string {
  const pair = `${v.coin.name} / ${QUOTE_ASSET}`;
  if (v.kind === 'swap') return `${pair} perpetual`;
  if (v.kind === 'expiry') return `${pair} delivery ${v.instId.slice(v.instId.lastIndexOf('-') + 1)}`;
  return pair;
}

/**
 * The venue of a chart symbol: "BTC", "btcusdt", "BTC-USDT", "BTC/USDT" or "NEXA:BTCUSDT" name the
 * spot pair; "BTC-USDT-SWAP" (or "NEXA:BTC-USDT-SWAP") a contract.
 */
export function resolveUdfSymbol(markets: UdfMarkets, raw: string): Venue | undefined {
  const bare = (raw.includes(':') ? raw.slice(raw.indexOf(':') + 1) : raw).toUpperCase();
  const contract = markets.market(bare);
  if (contract && contract.kind !== 'spot') return contract;
  const name = bare.replace(/[-/_]/g, '');
  const coin = coinBySymbol(name) ?? (name.endsWith(QUOTE_ASSET) ? coinBySymbol(name.slice(0, -QUOTE_ASSET.length)) : undefined);
  return coin && markets.market(`${coin.symbol}-${QUOTE_ASSET}`);
}

export function udfSymbolInfo(v: Venue): UdfSymbolResponse {
  return {
    name: ticker(v),
    ticker: ticker(v),
    full_name: `${UDF_EXCHANGE}:${ticker(v)}`,
    description: description(v),
    type: TYPES[v.kind],
    session: '24x7',
    timezone: 'Etc/UTC',
    exchange: UDF_EXCHANGE,
    listed_exchange: UDF_EXCHANGE,
    format: 'price',
    minmov: 1,
    pricescale: 10 ** stepDecimals(v.prices.tickSize),
    has_intraday: true,
    has_daily: true,
    has_weekly_and_monthly: true,
    supported_resolutions: [...UDF_RESOLUTIONS],
    intraday_multipliers: UDF_RESOLUTIONS.filter((r) => /^\d+$/.test(r)),
    daily_multipliers: ['1'],
    weekly_multipliers: ['1'],
    monthly_multipliers: ['1'],
    volume_precision: stepDecimals(v.lots.tickSize),
    data_status: 'streaming',
    currency_code: QUOTE_ASSET,
  };
}

export interface UdfSearchFilter {
  query: string;
  /** A symbol type of the config (crypto, swap, futures); empty for all. */
  type: string;
  /** An exchange of the config; empty for all. */
  exchange: string;
  limit: number;
}

/** Spot pairs in catalogue order, then the contracts. */
function listed(markets: UdfMarkets): Venue[] {
  const spot = coins.map((c) => markets.market(`${c.symbol}-${QUOTE_ASSET}`)).filter((v) => v !== undefined);
  return [...spot, ...[...markets.allMarkets()].filter((v) => v.kind !== 'spot')];
}

export function udfSearch(markets: UdfMarkets, filter: UdfSearchFilter): UdfSearchResponse {
  const exchange = filter.exchange.trim().toUpperCase();
  if (exchange !== '' && exchange !== UDF_EXCHANGE) return [];
  const q = filter.query.trim().toUpperCase();
  return listed(markets)
    .filter((v) => filter.type === '' || TYPES[v.kind] === filter.type)
    .filter((v) => q === '' || ticker(v).includes(q) || ticker(v).replace(/-/g, '').includes(q) || v.coin.name.toUpperCase().includes(q))
    .slice(0, filter.limit)
    .map((v) => ({
      symbol: ticker(v),
      full_name: `${UDF_EXCHANGE}:${ticker(v)}`,
      description: description(v),
      exchange: UDF_EXCHANGE,
      ticker: ticker(v),
      type: TYPES[v.kind],
    }));
}
