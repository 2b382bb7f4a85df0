import { useReducer, useState } from 'react';
import { twoFactorFieldMessages, withdrawalErrorCodes, withdrawMessages, type WithdrawalRecord } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';
import { cancelWithdrawal, confirmWithdrawal, requestConfirmCode } from '../api/withdrawApi';
import { closedDialog, confirmReducer, endsConfirmation, isBusy, liveEnding, type DialogText } from '../model/confirmation';
import { useTotpCode } from './useTotpCode';
import type { SubmitResult } from './useWithdrawForm';

interface ConfirmationOptions {
  uid: number;
  twoFactorOn: boolean;
  /** The first step: submits the draft under review (and mails the code). */
  submit: () => Promise<SubmitResult>;
  /** The withdrawal went out (held, in review, or an internal one paid); `fromDraft` when it was the form's draft. */
  onConfirmed: (row: WithdrawalRecord, fromDraft: boolean) => void;
  /** A withdrawal closed unconfirmed was cancelled: the history shows it so. */
  onCancelled: (row: WithdrawalRecord) => void;
  /** Closing could not cancel it: it is left to expire, and the page says so. */
  onCancelFailed: (withdrawal: WithdrawalRecord) => void;
  /** The history's rows, kept live: the withdrawal may expire or be cancelled elsewhere meanwhile. */
  rows: readonly WithdrawalRecord[] | null;
}

const serverWords = (error: unknown): DialogText => (error instanceof ApiError && error.serverMessage ? error.serverMessage : withdrawMessages.unexpected);

/**
 * The confirmation dialog's state and requests: review → submit → the emailed code (and the
 * authenticator's) → confirm. Closing it once the withdrawal is submitted cancels it, since a user
 * who closes the window means not to send it, and nothing has been held yet.
 */
export function useWithdrawConfirmation({ uid, twoFactorOn, submit, onConfirmed, onCancelled, onCancelFailed, rows }: ConfirmationOptions) {
  const [state, dispatch] = useReducer(confirmReducer, closedDialog);
  const [code, setCode] = useState('');
  const totp = useTotpCode(twoFactorOn);
  const withdrawalId = state.step === 'code' ? state.withdrawal.id : null;
  const ending = liveEnding(
    state,
    rows?.find((row) => row.id === withdrawalId),
  );
  const ended = state.step === 'code' && (state.ended || ending !== null);

  const send = async () => {
    if (state.step !== 'review' || state.pending) return;
    dispatch({ type: 'submitting' });
    const result = await submit();
    if (result.ok) {
      setCode('');
      dispatch({ type: 'submitted', withdrawal: result.withdrawal, now: Date.now() });
    } else {
      dispatch({ type: 'submitFailed', error: result.error });
    }
  };

  const confirm = async () => {
    if (state.step !== 'code' || state.pending !== null || ended) return;
    const emailCode = code.trim();
    if (!/^\d{6}$/.test(emailCode)) {
      dispatch({ type: 'failed', error: withdrawMessages.codeRequired, ended: false });
      return;
    }
    const second = totp.take();
    if (!second) {
      dispatch({ type: 'failed', error: twoFactorFieldMessages.totpFormat, ended: false });
      return;
    }
    dispatch({ type: 'confirming' });
    try {
      const answer = await confirmWithdrawal(uid, state.withdrawal.id, emailCode, second.code);
      dispatch({ type: 'confirmed' });
      setCode('');
      onConfirmed(answer.withdrawal, state.origin === 'review');
    } catch (error) {
      totp.refused(error);
      if (error instanceof ApiError && error.code === withdrawalErrorCodes.codeInvalid) {
        // The server refused the emailed code before it looked at the authenticator's: that one still holds.
        setCode('');
        if (second.code) totp.setValue(second.code);
      }
      const over = error instanceof ApiError && endsConfirmation(error.status, error.code);
      dispatch({ type: 'failed', error: serverWords(error), ended: over });
    }
  };

  const resend = async () => {
    if (state.step !== 'code' || state.pending !== null || ended) return;
    dispatch({ type: 'resending' });
    try {
      const answer = await requestConfirmCode(uid, state.withdrawal.id);
      dispatch({ type: 'resent', expiresAt: Date.parse(answer.expires_at), now: Date.now(), notice: answer.message });
    } catch (error) {
      const refusal = error instanceof ApiError ? error : null;
      // Too soon: the button's countdown says how long to wait; the server's sentence would repeat it in English only.
      const tooSoon = refusal?.status === 429;
      dispatch({
        type: 'resendRefused',
        error: tooSoon ? null : serverWords(error),
        retryAfterSeconds: refusal?.retryAfterSeconds,
        ended: refusal !== null && endsConfirmation(refusal.status, refusal.code),
        now: Date.now(),
      });
    }
  };

  const close = () => {
    if (isBusy(state)) return;
    if (state.step === 'code' && !ended) {
      const { withdrawal } = state;
      cancelWithdrawal(uid, withdrawal.id).then(onCancelled, () => onCancelFailed(withdrawal));
    }
    setCode('');
    totp.setValue('');
    dispatch({ type: 'close' });
  };

  return {
    state,
    /** Why the withdrawal can no longer be confirmed, when the live history says so first. */
    ending,
    ended,
    code,
    setCode,
    totp,
    review: () => dispatch({ type: 'review' }),
    continueWith: (withdrawal: WithdrawalRecord) => dispatch({ type: 'continue', withdrawal, now: Date.now() }),
    send,
    confirm,
    resend,
    close,
  };
}

export type WithdrawConfirmation = ReturnType<typeof useWithdrawConfirmation>;
