import { OKX_ALGO_ORD_TYPES, type OkxAlgoListQuery, type OkxAlgoOrdType, type OkxAlgoState } from '@exchange/contract';
import { OkxError, okxCodes } from '../api-keys/index.js';
import type { AlgoPage } from './algo-store.js';

const DIGITS = /^\d{1,19}$/;
const MAX_LIMIT = 100;
/** OKX's algo types this server does not run (trailing, iceberg, TWAP, chase): asked for, they have no rows. */
const OTHER_TYPES = new Set(['move_order_stop', 'iceberg', 'twap', 'chase']);
const ENDED: readonly OkxAlgoState[] = ['effective', 'canceled', 'order_failed'];
/** OKX keeps three months of ended algo orders. */
const HISTORY_MS = 90 * 86_400_000;

function ordTypes(query: OkxAlgoListQuery): OkxAlgoOrdType[] {
  if (!query.ordType) throw new OkxError(okxCodes.parameterEmpty, 'ordType');
  const types: OkxAlgoOrdType[] = [];
  for (const t of query.ordType.split(',')) {
    if ((OKX_ALGO_ORD_TYPES as readonly string[]).includes(t)) types.push(t as OkxAlgoOrdType);
    else if (!OTHER_TYPES.has(t)) throw new OkxError(okxCodes.parameter, 'ordType');
  }
  return types;
}

function id(query: OkxAlgoListQuery, name: 'after' | 'before' | 'algoId'): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (!DIGITS.test(value)) throw new OkxError(okxCodes.parameter, name);
  return value;
}

function limit(query: OkxAlgoListQuery): number {
  if (query.limit === undefined || query.limit === '') return MAX_LIMIT;
  if (!/^\d{1,3}$/.test(query.limit)) throw new OkxError(okxCodes.parameter, 'limit');
  return Math.min(Math.max(Number(query.limit), 1), MAX_LIMIT);
}

/** The ended states a history call asks for: `state`, or all of them when it names one algoId. */
function endedStates(query: OkxAlgoListQuery): readonly OkxAlgoState[] {
  if (query.state) {
    if (!(ENDED as readonly string[]).includes(query.state)) throw new OkxError(okxCodes.parameter, 'state');
    return [query.state as OkxAlgoState];
  }
  if (!query.algoId) throw new OkxError(okxCodes.parameterEmpty, 'state');
  return ENDED;
}

/**
 * The page of algo orders a pending (`history` false) or history call asks for; null when it asks
 * for rows this server cannot have (another instrument type than spot, or only other algo types).
 */
export function algoPage(query: OkxAlgoListQuery, userId: string, history: boolean, now: Date): AlgoPage | null {
  const types = ordTypes(query);
  const states = history ? endedStates(query) : (['live'] as const);
  const page: AlgoPage = {
    userId,
    states,
    ordTypes: types,
    instId: query.instId ? query.instId.toUpperCase() : undefined,
    algoId: id(query, 'algoId'),
    algoClOrdId: query.algoClOrdId || undefined,
    after: id(query, 'after'),
    before: id(query, 'before'),
    since: history ? new Date(now.getTime() - HISTORY_MS) : undefined,
    limit: limit(query),
  };
  if (query.instType && query.instType !== 'SPOT') return null;
  return types.length === 0 ? null : page;
}
