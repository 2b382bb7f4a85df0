import { Dec } from '../../src/shared/decimal.js';
import type { Queryable } from '../../src/db/database.js';
import { checkLedger } from '../../src/products.js';
import type { LoadRecord, Trader } from './order-load.js';

/**
 * What the database must hold after a crash, read with SQL on the tables only (spot_orders,
 * spot_fills, trades, holds, ledger_accounts): each function lists what is wrong, in words, so a
 * failing test shows the orders concerned.
 */

interface OrderRow {
  id: string;
  user_id: string;
  side: string;
  exec_type: string;
  price: string | null;
  amount: string;
  filled: string;
  status: string;
  is_open: boolean;
  fills_qty: string;
  hold_status: string | null;
  hold_amount: string | null;
}

const OPEN = new Set(['pending', 'partially filled']);
const ownersParam = (traders: Trader[]) => traders.map((t) => t.userId).join(',');

export async function ordersOf(q: Queryable, traders: Trader[]): Promise<Map<string, OrderRow>> {
  const res = await q.query<OrderRow>(
    `SELECT o.id, o.user_id::text AS user_id, o.side, o.exec_type, o.price::text AS price, o.amount::text AS amount,
            o.filled::text AS filled, o.status, o.is_open,
            COALESCE((SELECT SUM(f.qty) FROM spot_fills f WHERE f.order_id = o.id), 0)::text AS fills_qty,
            h.status AS hold_status, h.amount::text AS hold_amount
     FROM spot_orders o LEFT JOIN holds h ON h.id = o.hold_id
     WHERE o.user_id::text = ANY(string_to_array($1, ','))`,
    [ownersParam(traders)],
  );
  return new Map(res.rows.map((r) => [r.id, r]));
}

/** Every acknowledged place and cancel is in the database with a status its answer allows. */
export function ackedOrderProblems(rows: Map<string, OrderRow>, record: LoadRecord, traders: Trader[]): string[] {
  const problems: string[] = [];
  const acked = new Set<string>();
  for (const p of record.placed) {
    const { order_id: id, status, filled_amount: filled } = p.answer;
    if (acked.has(id)) problems.push(`order id ${id} was answered to two different requests`);
    acked.add(id);
    const row = rows.get(id);
    if (!row) {
      problems.push(`order ${id} (answered ${status}, filled ${filled}) is missing`);
      continue;
    }
    if (row.user_id !== traders[p.trader]?.userId) problems.push(`order ${id} belongs to ${row.user_id}, not its placer`);
    if (row.side !== p.side) problems.push(`order ${id} was a ${p.side} and is stored as a ${row.side}`);
    // Filled and canceled are final; pending and partially filled may only move on.
    if ((status === 'filled' || status === 'canceled') && row.status !== status) {
      problems.push(`order ${id} was answered ${status} and is ${row.status}`);
    }
    if (new Dec(row.filled).lt(filled)) problems.push(`order ${id} was answered filled ${filled} and has ${row.filled}`);
  }
  for (const c of record.canceled) {
    const row = rows.get(c.orderId);
    if (!row) problems.push(`canceled order ${c.orderId} is missing`);
    else if (row.status !== c.answer.status) {
      problems.push(`order ${c.orderId}: its cancel was answered ${c.answer.status} and it is ${row.status}`);
    }
  }
  for (const row of rows.values()) {
    if (row.is_open !== OPEN.has(row.status)) problems.push(`order ${row.id} is ${row.status} with is_open ${row.is_open}`);
    if (!new Dec(row.filled).eq(row.fills_qty)) {
      problems.push(`order ${row.id} has filled ${row.filled} but its fills sum to ${row.fills_qty}`);
    }
    if (new Dec(row.filled).gt(row.amount)) problems.push(`order ${row.id} filled ${row.filled} of ${row.amount}`);
  }
  // An order nobody was told about can only come from a request whose answer was lost.
  traders.forEach((t, i) => {
    const unanswered = [...rows.values()].filter((r) => r.user_id === t.userId && !acked.has(r.id)).map((r) => r.id);
    const allowed = record.unknown[i] ?? 0;
    if (unanswered.length > allowed) {
      problems.push(`trader ${i} has orders ${unanswered.join(', ')} that no answer announced (${allowed} requests unanswered)`);
    }
  });
  return problems;
}

/** What an open order still needs held: the unfilled base coin of a sell, limit price × unfilled of a buy. */
function stillNeeded(row: OrderRow): Dec | null {
  const left = new Dec(row.amount).minus(row.filled);
  if (row.side === 'sell') return left;
  return row.price === null ? null : left.mul(row.price);
}

/** Open orders have a live hold covering what they still need; closed ones none; no stray live hold. */
export async function holdProblems(q: Queryable, rows: Map<string, OrderRow>, traders: Trader[]): Promise<string[]> {
  const problems: string[] = [];
  for (const row of rows.values()) {
    if (!row.is_open) {
      if (row.hold_status === 'live') problems.push(`closed order ${row.id} (${row.status}) keeps a live hold of ${row.hold_amount}`);
      continue;
    }
    if (row.hold_status !== 'live' || row.hold_amount === null) {
      problems.push(`open order ${row.id} has no live hold (${row.hold_status ?? 'none'})`);
      continue;
    }
    const need = stillNeeded(row);
    if (need === null) problems.push(`open ${row.exec_type} ${row.side} order ${row.id} has no price`);
    else if (row.side === 'sell' ? !need.eq(row.hold_amount) : need.gt(row.hold_amount)) {
      problems.push(`open ${row.side} order ${row.id} needs ${need.toFixed()} held and holds ${row.hold_amount}`);
    }
  }
  const stray = await q.query<{ id: string; amount: string }>(
    `SELECT h.id::text AS id, h.amount::text AS amount FROM holds h JOIN ledger_accounts a ON a.id = h.account_id
     WHERE h.status = 'live' AND a.owner = ANY(string_to_array($1, ','))
       AND NOT EXISTS (SELECT 1 FROM spot_orders o WHERE o.hold_id = h.id AND o.is_open)`,
    [ownersParam(traders)],
  );
  for (const h of stray.rows) problems.push(`live hold ${h.id} of ${h.amount} belongs to no open order`);
  const locked = (await checkLedger(q)).filter((b) => b.rule === 'locked_equals_live_holds');
  for (const b of locked) problems.push(b.detail);
  return problems;
}

/** Every fill's trade_id names a stored trade, and that trade is the fill's own. */
export async function fillTradeProblems(q: Queryable): Promise<{ fills: number; problems: string[] }> {
  const count = await q.query<{ n: string }>('SELECT count(*)::text AS n FROM spot_fills');
  const res = await q.query<{ id: string; trade_id: string; order_id: string; stored: boolean }>(
    `SELECT f.id::text AS id, f.trade_id::text AS trade_id, f.order_id,
            EXISTS (SELECT 1 FROM trades t WHERE t.id = f.trade_id) AS stored
     FROM spot_fills f
     WHERE NOT EXISTS (
       SELECT 1 FROM trades t
       WHERE t.id = f.trade_id AND t.symbol = f.symbol AND t.price = f.price AND t.qty = f.qty
         AND f.order_id IN (t.maker_order_id, t.taker_order_id))
     ORDER BY f.id`,
  );
  return {
    fills: Number(count.rows[0]?.n ?? 0),
    problems: res.rows.map((f) =>
      f.stored
        ? `fill ${f.id} of order ${f.order_id} refers to trade ${f.trade_id}, which is another trade`
        : `fill ${f.id} of order ${f.order_id} refers to trade ${f.trade_id}, which is missing`,
    ),
  };
}
