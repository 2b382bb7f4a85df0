import type { OkxTradeListQuery } from '@exchange/contract';
import { OkxError, okxCodes } from '../api-keys/index.js';
import type { UserPage } from '../spot/index.js';

const DIGITS = /^\d{1,19}$/;
/** OKX's page size: 100 rows by default and at most. */
const MAX_LIMIT = 100;

function id(query: OkxTradeListQuery, name: 'after' | 'before' | 'ordId'): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (!DIGITS.test(value)) throw new OkxError(okxCodes.parameter, name);
  return value;
}

function time(query: OkxTradeListQuery, name: 'begin' | 'end'): Date | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new OkxError(okxCodes.parameter, name);
  return new Date(Number(value));
}

function limit(query: OkxTradeListQuery): number {
  if (query.limit === undefined || query.limit === '') return MAX_LIMIT;
  if (!/^\d{1,3}$/.test(query.limit)) throw new OkxError(okxCodes.parameter, 'limit');
  return Math.min(Math.max(Number(query.limit), 1), MAX_LIMIT);
}

/**
 * The page a list call asks for, within `windowMs` before now (OKX keeps 7 days of ended orders on
 * orders-history, 3 days of fills on fills, 3 months on fills-history); null when it asks for
 * another instrument type than spot (the contracts' lists are swap-reads.ts').
 */
export function listPage(query: OkxTradeListQuery, userId: string, now: Date, windowMs: number | null): (UserPage & { orderId?: string }) | null {
  if (query.instType !== undefined && query.instType !== '' && query.instType !== 'SPOT') return null;
  return pageOf(query, userId, now, windowMs);
}

/** The page a list call asks for, of any instrument type. */
export function pageOf(query: OkxTradeListQuery, userId: string, now: Date, windowMs: number | null): UserPage & { orderId?: string } {
  const begin = time(query, 'begin');
  const oldest = windowMs === null ? undefined : new Date(now.getTime() - windowMs);
  const since = begin && oldest ? (begin > oldest ? begin : oldest) : (begin ?? oldest);
  return {
    userId,
    instId: query.instId ? query.instId.toUpperCase() : undefined,
    after: id(query, 'after'),
    before: id(query, 'before'),
    since,
    until: time(query, 'end'),
    limit: limit(query),
    orderId: id(query, 'ordId'),
  };
}
