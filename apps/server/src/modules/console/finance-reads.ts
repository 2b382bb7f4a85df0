import { LEDGER_CHECK_BREACHES_MAX, ledgerCheckResult, type AdminFinanceResponse, type LedgerCheckResult } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { userTotals } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import { convertActivitySince } from '../convert/index.js';
import { networkById, simulatedReserves } from '../funds/index.js';
import { futuresActivitySince } from '../futures/index.js';
import { spotActivitySince } from '../spot/index.js';

/** The chains the hot wallets are read from: the simulator's networks and its height at a time (null without simulated chains). */
export interface HotWalletChains {
  networkIds: readonly number[];
  heightAt(nowMs: number): number;
}

export const LEDGER_CHECK_ACTION = 'ledger.check';

const plain = (v: string) => new Dec(v).toFixed();

/** The last "Run ledger check" as its audit row keeps it, so every process shows the same. */
export async function lastLedgerCheck(q: Queryable): Promise<LedgerCheckResult | null> {
  const res = await q.query<{ at: Date; operator: string; after: unknown }>(
    'SELECT at, operator, after FROM operator_audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
    [LEDGER_CHECK_ACTION],
  );
  const row = res.rows[0];
  if (!row) return null;
  const parsed = ledgerCheckResult.safeParse({ ...(row.after as object), at: new Date(row.at).toISOString(), operator: row.operator });
  return parsed.success ? parsed.data : null;
}

/** The check's outcome as the audit row and the answer carry it: every breach counted, the first ones listed. */
export function checkOutcome(breaches: readonly { rule: string; detail: string }[], report: { rows: { owner: string; wallet: string; asset: string; balance: string }[]; lines: string[] }) {
  return {
    ok: breaches.length === 0,
    breach_count: breaches.length,
    breaches: breaches.slice(0, LEDGER_CHECK_BREACHES_MAX).map((b) => ({ rule: b.rule, detail: b.detail })),
    report: [...report.rows.map((r) => `${r.owner} ${r.wallet} ${r.asset}: ${r.balance}`), ...report.lines],
  };
}

/** The dashboard's money: the day's markets, the reported system accounts, the hot wallets against what users are owed. */
export async function readFinance(
  q: Queryable,
  report: (q: Queryable) => Promise<{ rows: { owner: string; wallet: string; asset: string; balance: string }[] }>,
  chains: HotWalletChains | null,
  now: Date,
): Promise<AdminFinanceResponse> {
  const since = new Date(now.getTime() - 86_400_000);
  const [spot, futures, convert, books, reserves, totals, last] = await Promise.all([
    spotActivitySince(q, since),
    futuresActivitySince(q, since),
    convertActivitySince(q, since),
    report(q),
    chains ? simulatedReserves(q, chains.networkIds, chains.heightAt(now.getTime())) : Promise.resolve([]),
    userTotals(q),
    lastLedgerCheck(q),
  ]);
  const onChain = new Map<string, Dec>();
  for (const r of reserves) onChain.set(r.symbol, (onChain.get(r.symbol) ?? new Dec(0)).plus(r.amount));
  const assets = [...new Set([...totals.keys(), ...onChain.keys()])].sort();
  return {
    since: since.toISOString(),
    markets: [...spot, ...futures, ...convert].map((m) => ({ ...m, volume: plain(m.volume), fees: m.fees.map((f) => ({ asset: f.asset, amount: plain(f.amount) })) })),
    system_accounts: books.rows,
    hot_wallets: reserves.map((r) => ({ network: networkById(r.networkId)?.name ?? String(r.networkId), asset: r.symbol, balance: plain(r.amount) })),
    owed: assets.map((asset) => ({ asset, owed: plain(totals.get(asset) ?? '0'), on_chain: (onChain.get(asset) ?? new Dec(0)).toFixed() })),
    last_check: last,
  };
}
