import { useCallback, useRef, useState } from 'react';
import { withdrawMessages, type CoinTransactionRow, type FundsNetwork, type WithdrawalRecord } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';
import { submitWithdrawal, type WithdrawalInput } from '../api/withdrawApi';
import { parseAmount } from '../model/amounts';
import type { DialogText } from '../model/confirmation';
import { emptyDraft, type WithdrawDraft } from '../model/draft';
import { validateWithdrawal } from '../model/validation';

/** The page's word on the last withdrawal, once its dialog has closed. */
export type WithdrawOutcome = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; message: DialogText };

export type SubmitResult = { ok: true; withdrawal: WithdrawalRecord } | { ok: false; error: string };

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
 * The withdrawal form's state: the draft, submit (the first step, which mails the code) and what
 * the page says once the withdrawal is confirmed. Any edit drops the outcome and the idempotency
 * key; a retry of the same draft after a lost answer keeps the key, so the server answers with the
 * first withdrawal instead of making a second.
 */
export function useWithdrawForm(onSubmitted: (row: WithdrawalRecord) => void) {
  const [draft, setDraft] = useState<WithdrawDraft>(emptyDraft);
  const [outcome, setOutcome] = useState<WithdrawOutcome>({ kind: 'idle' });
  const key = useRef<string | null>(null);

  const update = useCallback((change: (draft: WithdrawDraft) => WithdrawDraft) => {
    setDraft(change);
    setOutcome({ kind: 'idle' });
    key.current = null;
  }, []);

  const submit = async (coin: CoinTransactionRow | null, network: FundsNetwork | null): Promise<SubmitResult> => {
    const input = coin && validateWithdrawal(draft, coin, network) === null ? toInput(draft, coin, network) : null;
    if (!input) return { ok: false, error: withdrawMessages.completeFields };
    key.current ??= crypto.randomUUID();
    setOutcome({ kind: 'idle' });
    try {
      const answer = await submitWithdrawal(input, key.current);
      key.current = null;
      onSubmitted(answer.withdrawal);
      return { ok: true, withdrawal: answer.withdrawal };
    } catch (error) {
      // A refusal is final for this draft; only a lost or failed answer may be retried under the same key.
      if (error instanceof ApiError && error.status < 500) key.current = null;
      return { ok: false, error: error instanceof ApiError && error.serverMessage ? error.serverMessage : withdrawMessages.unexpected };
    }
  };

  /**
   * A withdrawal went out and the page says so; when it was this draft's, the amount is cleared for
   * the next one (one continued from the history leaves the draft alone).
   */
  const confirmed = useCallback(
    (row: WithdrawalRecord, fromDraft: boolean) => {
      if (fromDraft) setDraft((current) => ({ ...current, amount: '' }));
      setOutcome({ kind: 'success' });
      onSubmitted(row);
    },
    [onSubmitted],
  );

  const tell = useCallback((message: DialogText) => setOutcome({ kind: 'error', message }), []);

  return { draft, update, outcome, submit, confirmed, tell };
}
