import { adminListingRequest, marketListingMessages as messages, type AdminListableRow } from '@exchange/contract';
import { ApiError } from '../../shared/api/http';
import { multiplyDecimals, plainDecimal } from '../../shared/format/decimal';

export type ListingField = 'market' | 'tick_size' | 'lot_size' | 'min_size' | 'max_size' | 'reason';

export interface ListingDraft {
  instId: string;
  tick: string;
  lot: string;
  min: string;
  max: string;
}

/**
 * The form's start for a market: the catalogue's tick and lot; the catalogue has no order-size
 * limits, so one lot as the least and a million lots as the most, which the operator edits.
 */
export function draftOf(row: AdminListableRow): ListingDraft {
  return { instId: row.inst_id, tick: row.tick_size, lot: row.lot_size, min: row.lot_size, max: plainDecimal(multiplyDecimals(row.lot_size, 1_000_000, 12) ?? row.lot_size) ?? row.lot_size };
}

/**
 * The field a server refusal is about. The server answers a listing's refusals without a field
 * name or message code, each with one of the contract's messages, so the message itself (the
 * contract's constant, never a translation) names the field; anything else is the form's.
 */
const FIELD_OF: Record<string, ListingField> = {
  [messages.unknownCoin]: 'market',
  [messages.alreadyListed]: 'market',
  [messages.spotFirst]: 'market',
  [messages.kind]: 'market',
  [messages.perpetualGrid]: 'tick_size',
  [messages.tickSize]: 'tick_size',
  [messages.tickAbovePrice]: 'tick_size',
  [messages.lotSize]: 'lot_size',
  [messages.minSize]: 'min_size',
  [messages.offLot]: 'min_size',
  [messages.minAboveMax]: 'min_size',
  [messages.maxSize]: 'max_size',
};

export interface ListingProblem {
  field: ListingField | null;
  /** The contract's English text: the form shows it through the catalogue. */
  message: string;
}

/** A refusal of the listing call as a field's problem, or the form's. */
export function problemOf(error: unknown): ListingProblem | null {
  if (!(error instanceof ApiError)) return null;
  return { field: FIELD_OF[error.message] ?? null, message: error.message };
}

/** The request the form sends, or the first field the contract's schema refuses, before any call. */
export function requestOf(row: AdminListableRow, draft: ListingDraft, reason: string) {
  const parsed = adminListingRequest.safeParse({
    kind: row.kind,
    symbol: row.symbol,
    tick_size: draft.tick,
    lot_size: draft.lot,
    min_size: draft.min,
    max_size: draft.max,
    reason,
  });
  if (parsed.success) return { request: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  const field: ListingField | null = key === 'kind' || key === 'symbol' ? 'market' : (['tick_size', 'lot_size', 'min_size', 'max_size', 'reason'] as const).find((f) => f === key) ?? null;
  return { request: null, problem: { field, message: issue?.message ?? messages.unknownCoin } };
}
