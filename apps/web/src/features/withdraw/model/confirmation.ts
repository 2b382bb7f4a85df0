import { WITHDRAWAL_CONFIRM_TTL_MS, withdrawalErrorCodes, withdrawMessages, type WithdrawalRecord } from '@exchange/contract';
import type { MessageDescriptor } from '@lingui/core';

/** A code is mailed at most once a minute (the server's OTP cooldown); the button waits as long. */
export const RESEND_WAIT_MS = 60_000;

/** A contract text (the server's words) or the web's own. */
export type DialogText = string | MessageDescriptor;

/**
 * The confirmation dialog (issue 14 #4): closed; the review of the draft, then its submit; the
 * emailed code (and the authenticator's) for the unconfirmed withdrawal, then its confirm. `ended`
 * means the withdrawal can no longer be confirmed (expired, cancelled after wrong codes, confirmed
 * elsewhere): only closing is left.
 */
export type ConfirmState =
  | { step: 'closed' }
  | { step: 'review'; pending: boolean; error: DialogText | null }
  | {
      step: 'code';
      withdrawal: WithdrawalRecord;
      /** Submitted from the form's draft, or continued from the history (the draft is another matter then). */
      origin: 'review' | 'history';
      /** When the server expires the withdrawal unconfirmed (ms since the epoch). */
      expiresAt: number;
      /** When another code may be asked for. */
      resendAt: number;
      /** The time of the last answer that set the deadline or the wait: the countdowns never start above them. */
      clock: number;
      pending: 'confirm' | 'resend' | null;
      error: DialogText | null;
      notice: DialogText | null;
      ended: boolean;
    };

export type ConfirmAction =
  | { type: 'review' }
  | { type: 'continue'; withdrawal: WithdrawalRecord; now: number }
  | { type: 'close' }
  | { type: 'submitting' }
  | { type: 'submitted'; withdrawal: WithdrawalRecord; now: number }
  | { type: 'submitFailed'; error: DialogText }
  | { type: 'confirming' }
  | { type: 'confirmed' }
  | { type: 'failed'; error: DialogText; ended: boolean }
  | { type: 'resending' }
  | { type: 'resent'; expiresAt: number; now: number; notice: DialogText }
  | { type: 'resendRefused'; error: DialogText | null; retryAfterSeconds: number | undefined; ended: boolean; now: number };

export const closedDialog: ConfirmState = { step: 'closed' };

function codeStep(withdrawal: WithdrawalRecord, origin: 'review' | 'history', expiresAt: number, resendAt: number, clock: number): ConfirmState {
  return { step: 'code', withdrawal, origin, expiresAt, resendAt, clock, pending: null, error: null, notice: null, ended: false };
}

/**
 * The dialog's moves. A request in flight blocks another (and closing, which would cancel a
 * withdrawal while it is being confirmed); an answer for a step the dialog has left changes nothing.
 */
export function confirmReducer(state: ConfirmState, action: ConfirmAction): ConfirmState {
  switch (action.type) {
    case 'review':
      return state.step === 'closed' ? { step: 'review', pending: false, error: null } : state;
    case 'continue':
      // Opened again from the history: when the code was last mailed is unknown, so the server's
      // answer to a resend sets the wait; the deadline counts from the submit (a resend moves it on).
      if (state.step !== 'closed') return state;
      return codeStep(action.withdrawal, 'history', Date.parse(action.withdrawal.date) + WITHDRAWAL_CONFIRM_TTL_MS, action.now, action.now);
    case 'close':
      return isBusy(state) ? state : closedDialog;
    case 'confirmed':
      return state.step === 'code' && state.pending === 'confirm' ? closedDialog : state;
    case 'submitting':
      return state.step === 'review' && !state.pending ? { ...state, pending: true, error: null } : state;
    case 'submitted':
      if (state.step !== 'review') return state;
      return codeStep(action.withdrawal, 'review', action.now + WITHDRAWAL_CONFIRM_TTL_MS, action.now + RESEND_WAIT_MS, action.now);
    case 'submitFailed':
      return state.step === 'review' ? { ...state, pending: false, error: action.error } : state;
    case 'confirming':
    case 'resending': {
      if (state.step !== 'code' || state.pending !== null || state.ended) return state;
      return action.type === 'confirming' ? { ...state, pending: 'confirm', error: null } : { ...state, pending: 'resend', error: null, notice: null };
    }
    case 'failed':
      return state.step === 'code' ? { ...state, pending: null, error: action.error, ended: state.ended || action.ended } : state;
    case 'resent':
      if (state.step !== 'code') return state;
      return { ...state, pending: null, expiresAt: action.expiresAt, resendAt: action.now + RESEND_WAIT_MS, clock: action.now, notice: action.notice };
    case 'resendRefused': {
      if (state.step !== 'code') return state;
      const resendAt = action.retryAfterSeconds === undefined ? state.resendAt : action.now + action.retryAfterSeconds * 1000;
      return { ...state, pending: null, error: action.error, resendAt, clock: action.now, ended: state.ended || action.ended };
    }
  }
}

/** Whether a request of the dialog is on its way. */
export function isBusy(state: ConfirmState): boolean {
  if (state.step === 'review') return state.pending;
  return state.step === 'code' && state.pending !== null;
}

/** Whole seconds from `now` until `at`, never below 0: the resend wait and the deadline as shown. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "14:05": minutes and seconds of a wait, for the deadline's countdown. */
export function minutesAndSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The refusals after which this withdrawal can no longer be confirmed: the fifth wrong code
 * cancelled it, its 15 minutes passed, or it left "unconfirmed" (confirmed or cancelled elsewhere);
 * a withdrawal the server does not know (404) is gone too. The codes are the server's
 * (apps/server/src/modules/funds/withdrawals/service.ts).
 */
const ENDING_CODES: ReadonlySet<string> = new Set([withdrawalErrorCodes.confirmationLocked, withdrawalErrorCodes.confirmationExpired, withdrawalErrorCodes.notUnconfirmed]);

export function endsConfirmation(status: number, code: string | undefined): boolean {
  return status === 404 || (code !== undefined && ENDING_CODES.has(code));
}

/**
 * Why the live history (the private socket's pushes) says the withdrawal being confirmed can no
 * longer be: it expired, was cancelled (after wrong codes, or in another tab) or was confirmed
 * elsewhere. Null while it still waits, and while this dialog's own confirm is on its way.
 */
export function liveEnding(state: ConfirmState, live: WithdrawalRecord | undefined): DialogText | null {
  if (state.step !== 'code' || state.pending === 'confirm' || live?.id !== state.withdrawal.id || live.status === 'unconfirmed') return null;
  if (live.status === 'expired') return withdrawMessages.confirmExpired;
  if (live.status === 'cancelled' && live.reason) return live.reason;
  return withdrawMessages.notUnconfirmed;
}
