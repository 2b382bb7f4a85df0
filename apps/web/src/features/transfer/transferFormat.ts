import type { TransferAccount } from '@exchange/contract';

/** Account labels as the page shows them; the server's "futures" reads "Future" (spec 3 §2). */
export function accountLabel(account: TransferAccount): string {
  return account === 'spot' ? 'Spot' : 'Future';
}

/** Spec 3 §4: a missing status reads Completed, first letter capitalised. */
export function statusLabel(status: string): string {
  const text = status.trim() || 'completed';
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

export function statusTone(status: string): 'up' | 'pending' | 'down' {
  const s = status.trim().toLowerCase() || 'completed';
  if (s === 'completed' || s === 'success' || s === 'approved') return 'up';
  return s === 'pending' ? 'pending' : 'down';
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
