import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const STATUS_LABELS: Record<string, MessageDescriptor> = {
  completed: msg`Completed`,
  success: msg`Success`,
  approved: msg`Approved`,
  pending: msg`Pending`,
  failed: msg`Failed`,
  rejected: msg`Rejected`,
};

/** Spec 3 §4: a missing status reads Completed; one we know is translated, another shown with its first letter capitalised. */
export function statusLabel(status: string): MessageDescriptor | string {
  const text = status.trim().toLowerCase() || 'completed';
  return STATUS_LABELS[text] ?? text.charAt(0).toUpperCase() + text.slice(1);
}

export function statusTone(status: string): 'up' | 'pending' | 'down' {
  const s = status.trim().toLowerCase() || 'completed';
  if (s === 'completed' || s === 'success' || s === 'approved') return 'up';
  return s === 'pending' ? 'pending' : 'down';
}
