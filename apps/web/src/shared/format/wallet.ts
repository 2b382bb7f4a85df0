import type { LedgerHistoryRow, TransferAccount } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatLocale } from './locale';

const ACCOUNT_LABELS: Record<TransferAccount, MessageDescriptor> = { funding: msg`Funding`, spot: msg`Spot`, futures: msg`Future` };

/** Account labels as the transfer page shows them; the server's "futures" reads "Future" (spec 3 §2). */
export function accountLabel(account: TransferAccount): MessageDescriptor {
  return ACCOUNT_LABELS[account];
}

const WALLET_LABELS: Record<LedgerHistoryRow['wallet'], MessageDescriptor> = { spot: msg`Spot`, futures: msg`Futures`, funding: msg`Funding` };

/** Wallet names as the assets page shows them, matching its Spot and Futures columns. */
export function walletLabel(wallet: LedgerHistoryRow['wallet']): MessageDescriptor {
  return WALLET_LABELS[wallet];
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}
