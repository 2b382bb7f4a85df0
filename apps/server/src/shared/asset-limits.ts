import { codedError } from '../errors.js';
import { ACCOUNT_CAPACITY } from './account-capacity.js';
import { coinBySymbol, QUOTE_ASSET } from './catalogue.js';
import { Dec } from './decimal.js';

/**
 * The limits that keep every amount inside the ledger's NUMERIC(36, 18) columns (TigerBeetle's way:
 * a bound on everything, checked where the value enters, asserted where it is written).
 *
 * - A column holds 18 integer digits: below 10^18.
 * - No account, a system account's running total included, may hold or owe more than
 *   ACCOUNT_CAPACITY (10^17, account-capacity.ts), a tenth of a column.
 * - One operation (deposit, withdrawal, transfer, order, conversion, subscription) moves at most
 *   the asset's maximum: its circulating supply rounded up to a power of ten, and never more than
 *   10^15, so the system account that issues an asset takes at least a hundred operations of the
 *   largest size before it reaches capacity.
 */
const LARGEST_OPERATION = ACCOUNT_CAPACITY.div(100);
/** USDT is the quote asset, not a listed coin: its supply (about 1.9 × 10^11 in 2025) is set here. */
const QUOTE_SUPPLY = new Dec('2e11');

function supplyOf(symbol: string): Dec | null {
  if (symbol === QUOTE_ASSET) return QUOTE_SUPPLY;
  const coin = coinBySymbol(symbol);
  return coin ? new Dec(coin.circulating_supply) : null;
}

const maxima = new Map<string, Dec>();

/** The most one operation may move of the asset; the largest operation for an asset the catalogue does not know. */
export function maxAmountOf(symbol: string): Dec {
  const key = symbol.toUpperCase();
  const known = maxima.get(key);
  if (known) return known;
  const supply = supplyOf(key);
  const max = supply ? Dec.min(LARGEST_OPERATION, new Dec(10).pow(Math.ceil(Dec.log10(supply).toNumber()))) : LARGEST_OPERATION;
  maxima.set(key, max);
  return max;
}

/** The maximum as the refusal prints it: whole, with thousands separators. */
export function formatMaximum(max: Dec): string {
  return max.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Refuses an amount above the asset's maximum per operation (400 AMOUNT_TOO_LARGE); answers the amount. */
export function withinMaximum(amount: Dec, symbol: string): Dec {
  const max = maxAmountOf(symbol);
  if (amount.gt(max)) throw codedError(400, 'AMOUNT_TOO_LARGE', 'amount.aboveMaximum', { max: formatMaximum(max), symbol: symbol.toUpperCase() });
  return amount;
}

/** Refuses an amount with more decimals than the token has on the network (400 TOO_MANY_DECIMALS). */
export function withinDecimals(amount: Dec, symbol: string, network: string, decimals: number): Dec {
  if (amount.decimalPlaces() > decimals) {
    throw decimals === 0
      ? codedError(400, 'TOO_MANY_DECIMALS', 'amount.noDecimals', { symbol, network })
      : codedError(400, 'TOO_MANY_DECIMALS', 'amount.tooManyDecimals', { symbol, network, decimals: String(decimals) });
  }
  return amount;
}
