import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { DESK } from './convert-service.js';

/** The convert desk's result: its USDT plus its coin inventory at the last trade prices. */
export async function deskValueUsdt(q: Queryable): Promise<string> {
  const res = await q.query<{ asset: string; balance: string; price: string | null }>(
    `SELECT a.asset, (a.available + a.locked)::text AS balance,
            (SELECT price::text FROM trades t WHERE t.symbol = a.asset ORDER BY t.id DESC LIMIT 1) AS price
     FROM ledger_accounts a WHERE a.owner = $1 AND (a.available + a.locked) <> 0`,
    [DESK],
  );
  let desk = new Dec(0);
  for (const r of res.rows) {
    const price = r.asset === 'USDT' ? '1' : r.price;
    if (price) desk = desk.plus(new Dec(r.balance).mul(price));
  }
  return desk.toDecimalPlaces(8).toFixed();
}

/** What `ledger:check` prints of the desk beside its balances. */
export async function deskResultLines(q: Queryable): Promise<string[]> {
  return [`convert desk result at last prices: ${await deskValueUsdt(q)} USDT`];
}
