import type { Queryable } from '../db/database.js';
import { Dec } from '../shared/decimal.js';
import { systemOwners } from './accounts.js';

export interface SystemReportRow {
  owner: string;
  asset: string;
  wallet: string;
  balance: string;
}

export interface SystemReport {
  rows: SystemReportRow[];
  /** The convert desk's result: its USDT plus its coin inventory at the last trade prices. */
  deskValueUsdt: string;
}

const REPORTED = [
  systemOwners.convertDesk,
  systemOwners.insurance,
  systemOwners.futuresClearing,
  systemOwners.fundingPool,
  systemOwners.fees,
  systemOwners.earnCustody,
  systemOwners.earnInterest,
];

/**
 * What `ledger:check` reports beside its verdict: the balances of the system accounts whose size
 * an operator watches (the convert desk's inventory and result, the insurance fund, the futures
 * clearing and funding pool, the fees taken).
 */
export async function systemReport(q: Queryable): Promise<SystemReport> {
  const res = await q.query<{ owner: string; asset: string; wallet: string; balance: string }>(
    `SELECT owner, asset, wallet, (available + locked)::text AS balance FROM ledger_accounts
     WHERE owner = ANY($1) AND (available + locked) <> 0 ORDER BY owner, wallet, asset`,
    [REPORTED],
  );
  const prices = await q.query<{ symbol: string; price: string }>(
    `SELECT DISTINCT ON (symbol) symbol, price::text AS price FROM trades ORDER BY symbol, id DESC`,
  );
  const last = new Map(prices.rows.map((r) => [r.symbol, r.price]));
  let desk = new Dec(0);
  for (const r of res.rows) {
    if (r.owner !== systemOwners.convertDesk) continue;
    const price = r.asset === 'USDT' ? '1' : last.get(r.asset);
    if (price) desk = desk.plus(new Dec(r.balance).mul(price));
  }
  return {
    rows: res.rows.map((r) => ({ ...r, balance: new Dec(r.balance).toFixed() })),
    deskValueUsdt: desk.toDecimalPlaces(8).toFixed(),
  };
}
