import type { Queryable } from '../db/database.js';
import { Dec } from '../shared/decimal.js';

export interface SystemReportRow {
  owner: string;
  asset: string;
  wallet: string;
  balance: string;
}

/**
 * What `ledger:check` prints beside its verdict: the balances of the system accounts whose size an
 * operator watches (the fees taken, and what the products mark `reported`: the insurance fund, a
 * desk's inventory…).
 */
export async function systemReport(q: Queryable, owners: readonly string[]): Promise<SystemReportRow[]> {
  const res = await q.query<SystemReportRow>(
    `SELECT owner, asset, wallet, (available + locked)::text AS balance FROM ledger_accounts
     WHERE owner = ANY($1) AND (available + locked) <> 0 ORDER BY owner, wallet, asset`,
    [owners],
  );
  return res.rows.map((r) => ({ ...r, balance: new Dec(r.balance).toFixed() }));
}
