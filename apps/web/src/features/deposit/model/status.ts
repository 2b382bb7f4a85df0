import type { DepositRecord, DepositStatus } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StatusTone } from '../../../shared/funds/confirmations';

const LABELS: Record<DepositStatus, MessageDescriptor> = {
  submitted: msg`Confirming`,
  accepted: msg`Confirmed`,
  credited: msg`Credited`,
  skipped: msg`Not credited`,
  rejected: msg`Rejected`,
};

const TONES: Record<DepositStatus, StatusTone> = {
  submitted: 'pending',
  accepted: 'pending',
  credited: 'up',
  skipped: 'down',
  rejected: 'down',
};

export function depositStatusLabel(status: DepositStatus): MessageDescriptor {
  return LABELS[status];
}

export function depositStatusTone(status: DepositStatus): StatusTone {
  return TONES[status];
}

/** Credited, skipped and rejected deposits never change again; the others are still moving. */
export function isFinalStatus(status: DepositStatus): boolean {
  return status === 'credited' || status === 'skipped' || status === 'rejected';
}

/**
 * The history is polled while a deposit is still moving, or while a simulated one has not shown
 * up yet (the chain watcher sees a transfer only in a later block).
 */
export function needsPolling(records: readonly DepositRecord[] | null, awaitedTxHashes: readonly string[]): boolean {
  if (records === null) return false;
  if (records.some((record) => !isFinalStatus(record.status))) return true;
  return awaitedTxHashes.some((hash) => !records.some((record) => record.tx_hash === hash));
}
