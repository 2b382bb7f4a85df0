import type { LedgerHistoryRow } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatBalance, formatSignedBalance } from '../../shared/format/balance';
import { walletLabel } from '../../shared/format/wallet';

/** Recent Transactions shows the newest 6 balance changes (spec 2 §2). */
export const RECENT_COUNT = 6;
/** The full history pages by journal transaction (a transfer, a fill, a grant), as the server counts them. */
export const HISTORY_PAGE_TRANSACTIONS = 10;

export interface LedgerTableRow {
  key: string;
  /** The kind's label, or for a kind the page has no label for, its name as words. */
  type: MessageDescriptor | string;
  asset: string;
  amount: string;
  /** The wallet, or a transfer's From and To wallets. */
  account: MessageDescriptor[];
  createdAt: string;
  /** An operator's adjustment: the reason the user is given. */
  note?: string;
}

const KIND_LABELS: Record<string, MessageDescriptor> = {
  demo_grant: msg`Demo grant`,
  adjustment: msg`Adjustment by the exchange`,
  transfer: msg`Transfer`,
  spot_fill: msg`Spot trade`,
  futures_fill: msg`Futures trade`,
  futures_margin_release: msg`Margin returned`,
  futures_funding: msg`Funding fee`,
  futures_adl: msg`Auto-deleveraging`,
  futures_delivery: msg`Futures delivery`,
};

/** Kinds the page has no label for yet still read as words: "fee_rebate" becomes "Fee rebate". */
function kindLabel(kind: string): MessageDescriptor | string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function legRow(row: LedgerHistoryRow, index: number): LedgerTableRow {
  return {
    key: `${row.id}:${row.asset}:${row.wallet}:${index}`,
    type: kindLabel(row.kind),
    asset: row.asset,
    amount: formatSignedBalance(row.amount),
    account: [walletLabel(row.wallet)],
    createdAt: row.created_at,
    ...(row.note ? { note: row.note } : {}),
  };
}

/** The debit and credit legs of one transfer read as a single "From → To" move of the credited amount. */
function transferRow(legs: LedgerHistoryRow[]): LedgerTableRow | null {
  const from = legs.find((leg) => leg.amount.startsWith('-'));
  const to = legs.find((leg) => !leg.amount.startsWith('-'));
  if (!from || !to) return null;
  return {
    key: to.id,
    type: kindLabel(to.kind),
    asset: to.asset,
    amount: formatBalance(to.amount),
    account: [walletLabel(from.wallet), walletLabel(to.wallet)],
    createdAt: to.created_at,
  };
}

/**
 * Ledger rows (newest first, one per leg) as the table's rows, newest first: a transfer's two legs
 * become one row where its newer leg stood; every other leg, trades included, keeps a row of its own.
 * `count` keeps the first rows only (Recent Transactions); without it every row is kept.
 */
export function ledgerTableRows(rows: LedgerHistoryRow[], count?: number): LedgerTableRow[] {
  const transferLegs = new Map<string, LedgerHistoryRow[]>();
  for (const row of rows) {
    if (row.kind === 'transfer') transferLegs.set(row.id, [...(transferLegs.get(row.id) ?? []), row]);
  }
  const shown = new Set<string>();
  const result: LedgerTableRow[] = [];
  rows.forEach((row, index) => {
    if (row.kind === 'transfer') {
      if (shown.has(row.id)) return;
      shown.add(row.id);
      const paired = transferRow(transferLegs.get(row.id) ?? []);
      if (paired) {
        result.push(paired);
        return;
      }
    }
    result.push(legRow(row, index));
  });
  return count === undefined ? result : result.slice(0, count);
}

export interface TransactionPage {
  rows: LedgerHistoryRow[];
  /** Whether an older transaction exists past this page. */
  hasNext: boolean;
}

/**
 * One page out of the answer to a request for `size + 1` transactions: the legs of the first `size`
 * transactions, and whether the extra one came back.
 */
export function pageOfTransactions(rows: LedgerHistoryRow[], size: number): TransactionPage {
  const ids: string[] = [];
  for (const row of rows) if (!ids.includes(row.id)) ids.push(row.id);
  const kept = new Set(ids.slice(0, size));
  return { rows: rows.filter((row) => kept.has(row.id)), hasNext: ids.length > size };
}
