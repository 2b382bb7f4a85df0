import type { WithdrawalRecord } from '@exchange/contract';
import { coinBySymbol } from '../../../shared/catalogue.js';
import { coinIconPath } from '../../../shared/icons.js';
import { networkById } from '../networks.js';
import { amountReceived } from './rules.js';
import type { Checked } from './check.js';
import type { NewWithdrawalRow } from './records.js';
import type { StoredWithdrawal } from './store.js';

/** Shows who got an internal withdrawal without showing their whole address: a***e@example.com. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '***';
  const name = email.slice(0, at);
  return `${name[0]}***${name.length > 1 ? name.at(-1) : ''}${email.slice(at)}`;
}

/** A withdrawal as the history and the private websocket show it to its owner. */
export function toWithdrawalRecord(w: StoredWithdrawal): WithdrawalRecord {
  const network = w.networkId === null ? undefined : networkById(w.networkId);
  return {
    id: w.id,
    date: w.createdAt.toISOString(),
    coin_name: w.symbol === 'USDT' ? 'Tether' : (coinBySymbol(w.symbol)?.name ?? w.symbol),
    symbol: w.symbol,
    image_path: coinIconPath(w.symbol),
    kind: w.kind,
    source: w.source,
    amount: w.amount.toFixed(),
    fee: w.fee.toFixed(),
    final_amount: amountReceived(w.amount, w.fee).toFixed(),
    network: w.kind === 'internal' ? 'Internal' : (network?.code ?? String(w.networkId)),
    address: w.kind === 'internal' ? maskEmail(w.recipientEmail ?? '') : w.address,
    memo: w.memo,
    tx_hash: w.txHash,
    confirmations: w.confirmations,
    confirmations_needed: w.kind === 'internal' ? 0 : (network?.confirmations ?? 0),
    status: w.status,
    reason: w.reason,
  };
}

/**
 * A new withdrawal's row with the checked amounts, its stored form (nothing sent yet) and what its
 * owner is shown, from the one set of fields the web and an API key's submissions both write.
 */
export function newWithdrawal(
  fields: Omit<NewWithdrawalRow, 'amount' | 'fee' | 'valueUsdt'>,
  c: Pick<Checked, 'amount' | 'fee' | 'value'>,
  recipientEmail: string | null,
): { row: NewWithdrawalRow; stored: StoredWithdrawal; view: WithdrawalRecord } {
  const row: NewWithdrawalRow = { ...fields, amount: c.amount.toFixed(), fee: c.fee.toFixed(), valueUsdt: c.value.toFixed() };
  const stored: StoredWithdrawal = {
    ...row,
    recipientEmail,
    amount: c.amount,
    fee: c.fee,
    valueUsdt: c.value,
    txHash: null,
    rawTx: null,
    confirmations: 0,
    reason: null,
    hold: null,
  };
  return { row, stored, view: toWithdrawalRecord(stored) };
}
