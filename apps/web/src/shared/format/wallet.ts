import type { LedgerHistoryRow, TransferAccount } from '@exchange/contract';

/** Account labels as the transfer page shows them; the server's "futures" reads "Future" (spec 3 §2). */
export function accountLabel(account: TransferAccount): string {
  return account === 'spot' ? 'Spot' : 'Future';
}

const WALLET_LABELS: Record<LedgerHistoryRow['wallet'], string> = { spot: 'Spot', futures: 'Futures', funding: 'Funding' };

/** Wallet names as the assets page shows them, matching its Spot and Futures columns. */
export function walletLabel(wallet: LedgerHistoryRow['wallet']): string {
  return WALLET_LABELS[wallet];
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
