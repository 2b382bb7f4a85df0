import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_CONFIRM_TTL_MS, withdrawMessages as m, type AddressScheme, type CoinTransactionRow, type WithdrawalRecord } from '@exchange/contract';
import {
  closedDialog,
  confirmReducer,
  endsConfirmation,
  isBusy,
  liveEnding,
  minutesAndSeconds,
  RESEND_WAIT_MS,
  secondsUntil,
  type ConfirmAction,
  type ConfirmState,
} from '../src/features/withdraw/model/confirmation';
import { emptyDraft, type WithdrawDraft } from '../src/features/withdraw/model/draft';
import { summaryOfDraft } from '../src/features/withdraw/model/summary';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const network = { id: 2, code: 'TRC20', name: 'TRON (TRC20)', address_format: 'T…', scheme: 'tron' as AddressScheme, memo: false, confirmations: 19, withdraw_fee: '1', min_deposit: '1', decimals: 6, simulated: true };
const usdt: CoinTransactionRow = { coin_id: 7, symbol: 'USDT', name: 'Tether', logo_path: '', price: '1', funding_balance: '25', spot_balance: '0', networks: [network] };
const record = (overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  id: 'w1',
  date: new Date(NOW - 60_000).toISOString(),
  coin_name: 'Tether',
  symbol: 'USDT',
  image_path: '',
  kind: 'onchain',
  source: 'spot',
  amount: '10',
  fee: '1',
  final_amount: '9',
  network: 'TRC20',
  address: 'TAddress',
  memo: null,
  tx_hash: null,
  confirmations: 0,
  confirmations_needed: 19,
  status: 'unconfirmed',
  reason: null,
  ...overrides,
});

const run = (...actions: ConfirmAction[]): ConfirmState => actions.reduce(confirmReducer, closedDialog);
const submitted = (): ConfirmAction[] => [{ type: 'review' }, { type: 'submitting' }, { type: 'submitted', withdrawal: record(), now: NOW }];
const code = (state: ConfirmState) => {
  if (state.step !== 'code') throw new Error(`expected the code step, got ${state.step}`);
  return state;
};

describe('the confirmation dialog', () => {
  it('reviews, submits, then asks for the code: 15 minutes to enter it, a minute before another', () => {
    expect(run({ type: 'review' })).toEqual({ step: 'review', pending: false, error: null });
    expect(run({ type: 'review' }, { type: 'submitting' })).toEqual({ step: 'review', pending: true, error: null });
    const state = code(run(...submitted()));
    expect([state.expiresAt - NOW, state.resendAt - NOW, state.pending, state.ended, state.origin]).toEqual([WITHDRAWAL_CONFIRM_TTL_MS, RESEND_WAIT_MS, null, false, 'review']);
  });

  it('keeps the review with the refusal when the submit is refused, and lets it be sent again', () => {
    const refused = run({ type: 'review' }, { type: 'submitting' }, { type: 'submitFailed', error: m.whitelistOnly });
    expect(refused).toEqual({ step: 'review', pending: false, error: m.whitelistOnly });
    expect(confirmReducer(refused, { type: 'submitting' })).toEqual({ step: 'review', pending: true, error: null });
  });

  it('takes one request at a time, and cannot be closed while one is on its way', () => {
    const sending = run({ type: 'review' }, { type: 'submitting' });
    expect(confirmReducer(sending, { type: 'submitting' })).toBe(sending);
    expect(confirmReducer(sending, { type: 'close' })).toBe(sending);
    expect(isBusy(sending)).toBe(true);
    const confirming = run(...submitted(), { type: 'confirming' });
    expect(code(confirming).pending).toBe('confirm');
    expect(confirmReducer(confirming, { type: 'resending' })).toBe(confirming);
    expect(confirmReducer(confirming, { type: 'close' })).toBe(confirming);
    expect(run(...submitted(), { type: 'close' })).toEqual(closedDialog);
  });

  it('closes on a confirmed withdrawal only while confirming, and ignores answers for a step it has left', () => {
    expect(run(...submitted(), { type: 'confirming' }, { type: 'confirmed' })).toEqual(closedDialog);
    expect(code(run(...submitted(), { type: 'confirmed' })).step).toBe('code');
    expect(run({ type: 'submitted', withdrawal: record(), now: NOW })).toEqual(closedDialog);
    expect(run({ type: 'review' }, { type: 'close' }, { type: 'submitFailed', error: 'late' })).toEqual(closedDialog);
  });

  it('ends on a refusal that ends the withdrawal: nothing more is sent, only closing is left', () => {
    const wrong = code(run(...submitted(), { type: 'confirming' }, { type: 'failed', error: m.confirmCodeWrong, ended: false }));
    expect([wrong.error, wrong.ended, wrong.pending]).toEqual([m.confirmCodeWrong, false, null]);
    const locked = run(...submitted(), { type: 'confirming' }, { type: 'failed', error: m.confirmTooManyAttempts, ended: true });
    expect(code(locked).ended).toBe(true);
    expect(confirmReducer(locked, { type: 'confirming' })).toBe(locked);
    expect(confirmReducer(locked, { type: 'resending' })).toBe(locked);
    // A later refusal that does not end it does not bring it back.
    expect(code(confirmReducer(locked, { type: 'failed', error: 'x', ended: false })).ended).toBe(true);
    expect(confirmReducer(locked, { type: 'close' })).toEqual(closedDialog);
  });

  it('moves the deadline and the wait on a resend, and waits as long as the server says when it refuses one', () => {
    const later = NOW + 90_000;
    const resent = code(run(...submitted(), { type: 'resending' }, { type: 'resent', expiresAt: later + WITHDRAWAL_CONFIRM_TTL_MS, now: later, notice: m.confirmSent }));
    expect([resent.expiresAt, resent.resendAt, resent.clock, resent.notice]).toEqual([later + WITHDRAWAL_CONFIRM_TTL_MS, later + RESEND_WAIT_MS, later, m.confirmSent]);
    const tooSoon = code(run(...submitted(), { type: 'resending' }, { type: 'resendRefused', error: null, retryAfterSeconds: 42, ended: false, now: later }));
    expect([tooSoon.resendAt, tooSoon.error, tooSoon.pending]).toEqual([later + 42_000, null, null]);
    const limit = code(run(...submitted(), { type: 'resending' }, { type: 'resendRefused', error: m.confirmResendLimit, retryAfterSeconds: undefined, ended: false, now: later }));
    expect([limit.resendAt, limit.error]).toEqual([NOW + RESEND_WAIT_MS, m.confirmResendLimit]);
  });

  it('continues a withdrawal from the history at the code: the deadline from its submit, another code at once', () => {
    const state = code(run({ type: 'continue', withdrawal: record(), now: NOW }));
    expect([state.expiresAt, state.resendAt, state.origin]).toEqual([NOW - 60_000 + WITHDRAWAL_CONFIRM_TTL_MS, NOW, 'history']);
    const open = run({ type: 'review' });
    expect(confirmReducer(open, { type: 'continue', withdrawal: record(), now: NOW })).toBe(open);
  });

  it('hears from the live history that the withdrawal can no longer be confirmed', () => {
    const waiting = run(...submitted());
    expect(liveEnding(waiting, record())).toBeNull();
    expect(liveEnding(waiting, undefined)).toBeNull();
    expect(liveEnding(waiting, record({ id: 'other', status: 'expired' }))).toBeNull();
    expect(liveEnding(waiting, record({ status: 'expired' }))).toBe(m.confirmExpired);
    expect(liveEnding(waiting, record({ status: 'cancelled', reason: m.confirmTooManyAttempts }))).toBe(m.confirmTooManyAttempts);
    expect(liveEnding(waiting, record({ status: 'cancelled' }))).toBe(m.notUnconfirmed);
    expect(liveEnding(waiting, record({ status: 'prepared' }))).toBe(m.notUnconfirmed);
    // Its own confirm's push may come before the answer: that is not an ending.
    expect(liveEnding(confirmReducer(waiting, { type: 'confirming' }), record({ status: 'prepared' }))).toBeNull();
  });

  it('knows the refusals that end a withdrawal', () => {
    expect(['CONFIRMATION_LOCKED', 'CONFIRMATION_EXPIRED', 'NOT_UNCONFIRMED'].every((c) => endsConfirmation(400, c))).toBe(true);
    expect(endsConfirmation(404, undefined)).toBe(true);
    expect(['CODE_INVALID', 'TOTP_REQUIRED', 'RESEND_LIMIT', 'RESEND_TOO_SOON'].some((c) => endsConfirmation(400, c))).toBe(false);
    expect(endsConfirmation(503, undefined)).toBe(false);
  });

  it('counts down in whole seconds, never below zero', () => {
    expect([secondsUntil(NOW + 1, NOW), secondsUntil(NOW + 60_000, NOW), secondsUntil(NOW - 5, NOW)]).toEqual([1, 60, 0]);
    expect([minutesAndSeconds(900), minutesAndSeconds(61), minutesAndSeconds(9), minutesAndSeconds(0)]).toEqual(['15:00', '1:01', '0:09', '0:00']);
  });
});

describe('what the review shows', () => {
  const draft: WithdrawDraft = { ...emptyDraft, symbol: 'USDT', networkId: 2, address: ' TAddress ', amount: '10.50', source: 'spot' };

  it('sums up an on-chain draft as it will be submitted', () => {
    expect(summaryOfDraft(draft, usdt, network)).toEqual({
      symbol: 'USDT',
      network: 'TRC20',
      destination: 'TAddress',
      memo: null,
      amount: '10.5',
      fee: '1',
      received: '9.5',
      source: 'spot',
    });
    // A memo only where the network takes one.
    expect(summaryOfDraft({ ...draft, memo: '42' }, usdt, network)?.memo).toBeNull();
    expect(summaryOfDraft({ ...draft, memo: ' 42 ' }, usdt, { ...network, memo: true })?.memo).toBe('42');
  });

  it('sums up an internal draft with no network and no fee, and nothing while the draft is not complete', () => {
    const internal = { ...draft, tab: 'internal' as const, networkId: null, address: '', recipient: ' bob@example.com ' };
    expect(summaryOfDraft(internal, usdt, null)).toMatchObject({ network: null, destination: 'bob@example.com', fee: '0', received: '10.5' });
    expect(summaryOfDraft({ ...draft, amount: 'x' }, usdt, network)).toBeNull();
    expect(summaryOfDraft(draft, null, network)).toBeNull();
    expect(summaryOfDraft(draft, usdt, null)).toBeNull();
  });
});
