import type { OkxAlgoOrdType, OkxAlgoState } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/** An algo order as stored (migration 46); prices are decimal strings, "-1" a market order. */
export interface AlgoRow {
  algoId: string;
  userId: string;
  instId: string;
  ordType: OkxAlgoOrdType;
  side: 'buy' | 'sell';
  sz: string;
  tdMode: string;
  algoClOrdId: string;
  tag: string;
  slTriggerPx: string | null;
  slOrdPx: string | null;
  tpTriggerPx: string | null;
  tpOrdPx: string | null;
  triggerPx: string | null;
  ordPx: string | null;
  /** A trigger order's direction: fires when the price rises to triggerPx (true) or falls to it. */
  triggerAbove: boolean | null;
  state: OkxAlgoState;
  actualSide: 'sl' | 'tp' | '' | null;
  actualPx: string | null;
  ordId: string | null;
  failCode: string | null;
  createdAt: Date;
  updatedAt: Date;
  triggerTime: Date | null;
}

export type NewAlgo = Omit<AlgoRow, 'algoId' | 'state' | 'actualSide' | 'actualPx' | 'ordId' | 'failCode' | 'createdAt' | 'updatedAt' | 'triggerTime'>;

interface Row {
  algo_id: string;
  user_id: string;
  inst_id: string;
  ord_type: OkxAlgoOrdType;
  side: 'buy' | 'sell';
  sz: string;
  td_mode: string;
  algo_cl_ord_id: string | null;
  tag: string;
  sl_trigger_px: string | null;
  sl_ord_px: string | null;
  tp_trigger_px: string | null;
  tp_ord_px: string | null;
  trigger_px: string | null;
  ord_px: string | null;
  trigger_above: boolean | null;
  state: OkxAlgoState;
  actual_side: AlgoRow['actualSide'];
  actual_px: string | null;
  ord_id: string | null;
  fail_code: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  trigger_time: Date | string | null;
}

const toRow = (r: Row): AlgoRow => ({
  algoId: String(r.algo_id),
  userId: r.user_id,
  instId: r.inst_id,
  ordType: r.ord_type,
  side: r.side,
  sz: r.sz,
  tdMode: r.td_mode,
  algoClOrdId: r.algo_cl_ord_id ?? '',
  tag: r.tag,
  slTriggerPx: r.sl_trigger_px,
  slOrdPx: r.sl_ord_px,
  tpTriggerPx: r.tp_trigger_px,
  tpOrdPx: r.tp_ord_px,
  triggerPx: r.trigger_px,
  ordPx: r.ord_px,
  triggerAbove: r.trigger_above,
  state: r.state,
  actualSide: r.actual_side,
  actualPx: r.actual_px,
  ordId: r.ord_id,
  failCode: r.fail_code,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  triggerTime: r.trigger_time === null ? null : new Date(r.trigger_time),
});

/** Stores a new live algo order; null when the user's algoClOrdId is taken. */
export async function insertAlgo(q: Queryable, a: NewAlgo, at: Date): Promise<AlgoRow | null> {
  const res = await q.query<Row>(
    `INSERT INTO okx_algo_orders (user_id, inst_id, ord_type, side, sz, td_mode, algo_cl_ord_id, tag, sl_trigger_px, sl_ord_px,
       tp_trigger_px, tp_ord_px, trigger_px, ord_px, trigger_above, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'live', $16, $16)
     ON CONFLICT (user_id, algo_cl_ord_id) WHERE algo_cl_ord_id IS NOT NULL DO NOTHING RETURNING *`,
    [
      a.userId,
      a.instId,
      a.ordType,
      a.side,
      a.sz,
      a.tdMode,
      a.algoClOrdId || null,
      a.tag,
      a.slTriggerPx,
      a.slOrdPx,
      a.tpTriggerPx,
      a.tpOrdPx,
      a.triggerPx,
      a.ordPx,
      a.triggerAbove,
      at,
    ],
  );
  return res.rows[0] ? toRow(res.rows[0]) : null;
}

/** How many live algo orders the user has on one instrument. */
export async function liveAlgoCount(q: Queryable, userId: string, instId: string): Promise<number> {
  const res = await q.query<{ n: string }>(`SELECT count(*) AS n FROM okx_algo_orders WHERE user_id = $1 AND inst_id = $2 AND state = 'live'`, [userId, instId]);
  return Number(res.rows[0]?.n ?? 0);
}

const DIGITS = /^\d{1,19}$/;

/** The user's algo order by algoId or algoClOrdId (null when there is none of this user's). */
export async function userAlgo(q: Queryable, userId: string, ids: { algoId?: string; algoClOrdId?: string }): Promise<AlgoRow | null> {
  if (ids.algoId) {
    if (!DIGITS.test(ids.algoId)) return null;
    const res = await q.query<Row>('SELECT * FROM okx_algo_orders WHERE algo_id = $1 AND user_id = $2', [ids.algoId, userId]);
    return res.rows[0] ? toRow(res.rows[0]) : null;
  }
  if (!ids.algoClOrdId) return null;
  const res = await q.query<Row>('SELECT * FROM okx_algo_orders WHERE user_id = $1 AND algo_cl_ord_id = $2', [userId, ids.algoClOrdId]);
  return res.rows[0] ? toRow(res.rows[0]) : null;
}

export interface AlgoPage {
  userId: string;
  states: readonly OkxAlgoState[];
  ordTypes: readonly OkxAlgoOrdType[];
  instId?: string;
  algoId?: string;
  algoClOrdId?: string;
  after?: string;
  before?: string;
  since?: Date;
  limit: number;
}

/** A page of the user's algo orders, newest first. */
export async function userAlgos(q: Queryable, p: AlgoPage): Promise<AlgoRow[]> {
  const res = await q.query<Row>(
    `SELECT * FROM okx_algo_orders
     WHERE user_id = $1 AND state = ANY($2::text[]) AND ord_type = ANY($3::text[]) AND ($4::text IS NULL OR inst_id = $4)
       AND ($5::bigint IS NULL OR algo_id = $5) AND ($6::text IS NULL OR algo_cl_ord_id = $6)
       AND ($7::bigint IS NULL OR algo_id < $7) AND ($8::bigint IS NULL OR algo_id > $8)
       AND ($9::timestamptz IS NULL OR created_at >= $9)
     ORDER BY algo_id DESC LIMIT $10`,
    [p.userId, [...p.states], [...p.ordTypes], p.instId ?? null, p.algoId ?? null, p.algoClOrdId ?? null, p.after ?? null, p.before ?? null, p.since ?? null, p.limit],
  );
  return res.rows.map(toRow);
}

/** Every live algo order: what a starting process watches. */
export async function liveAlgos(q: Queryable): Promise<AlgoRow[]> {
  const res = await q.query<Row>(`SELECT * FROM okx_algo_orders WHERE state = 'live' ORDER BY algo_id`);
  return res.rows.map(toRow);
}

/** Cancels the user's live algo order; null when it is not live (ended, or fired meanwhile). */
export async function cancelAlgo(q: Queryable, userId: string, algoId: string, at: Date): Promise<AlgoRow | null> {
  const res = await q.query<Row>(
    `UPDATE okx_algo_orders SET state = 'canceled', updated_at = $3 WHERE algo_id = $1 AND user_id = $2 AND state = 'live' RETURNING *`,
    [algoId, userId, at],
  );
  return res.rows[0] ? toRow(res.rows[0]) : null;
}

/** Cancels every live algo order of the user (a frozen account's); the trigger watcher finds them gone when they would fire. */
export async function cancelLiveAlgosOf(q: Queryable, userId: string, at: Date): Promise<AlgoRow[]> {
  const res = await q.query<Row>(`UPDATE okx_algo_orders SET state = 'canceled', updated_at = $2 WHERE user_id = $1 AND state = 'live' RETURNING *`, [userId, at]);
  return res.rows.map(toRow);
}

/**
 * Takes a live algo order for firing: one process, one time. Null when it is not live any more
 * (cancelled, or fired by another process).
 */
export async function claimAlgo(q: Queryable, algoId: string, fired: { side: 'sl' | 'tp' | ''; px: string }, at: Date): Promise<AlgoRow | null> {
  const res = await q.query<Row>(
    `UPDATE okx_algo_orders SET state = 'effective', actual_side = $2, actual_px = $3, trigger_time = $4, updated_at = $4
     WHERE algo_id = $1 AND state = 'live' RETURNING *`,
    [algoId, fired.side, fired.px, at],
  );
  return res.rows[0] ? toRow(res.rows[0]) : null;
}

/** What the fired algo order's placement gave: the order's id, or the refusal's code (order_failed). */
export async function settleAlgo(q: Queryable, algoId: string, outcome: { ordId: string } | { failCode: string }, at: Date): Promise<AlgoRow | null> {
  const res =
    'ordId' in outcome
      ? await q.query<Row>('UPDATE okx_algo_orders SET ord_id = $2, updated_at = $3 WHERE algo_id = $1 RETURNING *', [algoId, outcome.ordId, at])
      : await q.query<Row>(`UPDATE okx_algo_orders SET state = 'order_failed', fail_code = $2, updated_at = $3 WHERE algo_id = $1 RETURNING *`, [algoId, outcome.failCode, at]);
  return res.rows[0] ? toRow(res.rows[0]) : null;
}

/** A live algo order's new size and legs (amend-algos); null when it is not live any more. */
export async function amendAlgo(
  q: Queryable,
  algoId: string,
  change: Pick<AlgoRow, 'sz' | 'slTriggerPx' | 'slOrdPx' | 'tpTriggerPx' | 'tpOrdPx' | 'triggerPx' | 'ordPx' | 'triggerAbove'>,
  at: Date,
): Promise<AlgoRow | null> {
  const res = await q.query<Row>(
    `UPDATE okx_algo_orders SET sz = $2, sl_trigger_px = $3, sl_ord_px = $4, tp_trigger_px = $5, tp_ord_px = $6, trigger_px = $7, ord_px = $8,
       trigger_above = $9, updated_at = $10
     WHERE algo_id = $1 AND state = 'live' RETURNING *`,
    [algoId, change.sz, change.slTriggerPx, change.slOrdPx, change.tpTriggerPx, change.tpOrdPx, change.triggerPx, change.ordPx, change.triggerAbove, at],
  );
  return res.rows[0] ? toRow(res.rows[0]) : null;
}
