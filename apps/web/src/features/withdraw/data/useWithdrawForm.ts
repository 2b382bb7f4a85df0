import { useCallback, useRef, useState } from 'react';
import { twoFactorFieldMessages, withdrawMessages, type CoinTransactionRow, type FundsNetwork, type WithdrawalRecord } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';
import { submitWithdrawal, type WithdrawalInput } from '../api/withdrawApi';
import { parseAmount } from '../model/amounts';
import { emptyDraft, type WithdrawDraft } from '../model/draft';
import { validateWithdrawal } from '../model/validation';
import { useTotpCode } from './useTotpCode';

/** Spec 3 §4: submit goes idle, then submitting, then success or error. */
export type WithdrawOutcome = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success' } | { kind: 'error'; message: string };

function toInput(draft: WithdrawDraft, coin: CoinTransactionRow, network: FundsNetwork | null): WithdrawalInput | null {
  const amount = parseAmount(draft.amount);
  if (amount === null) return null;
  const base = { walletId: coin.coin_id, amount, source: draft.source };
  if (draft.tab === 'internal') return { ...base, destination: { kind: 'internal', recipient: draft.recipient.trim() } };
  if (!network) return null;
  const memo = network.memo && draft.memo.trim() !== '' ? draft.memo.trim() : null;
  return { ...base, destination: { kind: 'onchain', networkId: network.id, address: draft.address.trim(), memo } };
}

/**
 * The withdrawal form's state: the draft, the submit outcome, and submit itself. Any edit drops
 * the outcome and the idempotency key; a retry of the same draft after a lost answer keeps the key,
 * so the server answers with the first withdrawal instead of making a second. With the authenticator
 * app on (`twoFactorOn`, or once the server asks), each submit takes the code typed for it.
 */
export function useWithdrawForm(onSubmitted: (row: WithdrawalRecord) => void, twoFactorOn = false) {
  const [draft, setDraft] = useState<WithdrawDraft>(emptyDraft);
  const [outcome, setOutcome] = useState<WithdrawOutcome>({ kind: 'idle' });
  const key = useRef<string | null>(null);
  const totp = useTotpCode(twoFactorOn);

  const update = useCallback((change: (draft: WithdrawDraft) => WithdrawDraft) => {
    setDraft(change);
    setOutcome((current) => (current.kind === 'submitting' ? current : { kind: 'idle' }));
    key.current = null;
  }, []);

  const submit = async (coin: CoinTransactionRow | null, network: FundsNetwork | null) => {
    if (outcome.kind === 'submitting' || !coin || validateWithdrawal(draft, coin, network) !== null) return;
    const input = toInput(draft, coin, network);
    if (!input) return;
    const second = totp.take();
    if (!second) {
      setOutcome({ kind: 'error', message: twoFactorFieldMessages.totpFormat });
      return;
    }
    key.current ??= crypto.randomUUID();
    setOutcome({ kind: 'submitting' });
    try {
      const answer = await submitWithdrawal({ ...input, totpCode: second.code }, key.current);
      key.current = null;
      setDraft((current) => ({ ...current, amount: '' }));
      setOutcome({ kind: 'success' });
      onSubmitted(answer.withdrawal);
    } catch (error) {
      // A refusal is final for this draft; only a lost or failed answer may be retried under the same key.
      if (error instanceof ApiError && error.status < 500) key.current = null;
      totp.refused(error);
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : withdrawMessages.unexpected;
      setOutcome({ kind: 'error', message });
    }
  };

  return { draft, update, outcome, submit, totp };
}
