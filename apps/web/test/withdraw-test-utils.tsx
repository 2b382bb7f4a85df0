import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import {
  securityErrorCodes,
  securityMessages,
  storageKeys,
  withdrawMessages as m,
  type AddressBookEntry,
  type AddressScheme,
  type CoinTransactionRow,
  type WithdrawalRecord,
  type WithdrawLimitsResponse,
} from '@exchange/contract';
import WithdrawPage from '../src/features/withdraw/WithdrawPage';
import { renderAt } from './auth-test-utils';

/** The withdrawal page's fixtures: a fake server (uid 42, USDT on ERC20 and TRC20, BTC, XRP), its rows and the steps a test takes. */

export interface Answer {
  status: number;
  body: unknown;
}
export type Route = (url: URL, init?: RequestInit) => Answer | undefined;

export const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
export const trc20 = { id: 2, code: 'TRC20', name: 'TRON (TRC20)', address_format: 'T…', scheme: 'tron' as AddressScheme, memo: false, confirmations: 19, withdraw_fee: '1', min_deposit: '1', decimals: 6, simulated: true };
export const erc20 = { id: 1, code: 'ERC20', name: 'Ethereum (ERC20)', address_format: '0x…', scheme: 'evm' as AddressScheme, memo: false, confirmations: 6, withdraw_fee: '3', min_deposit: '1', decimals: 6, simulated: true };
export const xrp = { id: 9, code: 'XRP', name: 'XRP Ledger', address_format: 'r…', scheme: 'xrp' as AddressScheme, memo: true, confirmations: 1, withdraw_fee: '0.2', min_deposit: '0.1', decimals: 6, simulated: true };

export function coins(funding = '25', spot = '2'): CoinTransactionRow[] {
  const row = (coinId: number, symbol: string, name: string, networks: (typeof trc20)[]) => ({
    coin_id: coinId,
    symbol,
    name,
    logo_path: '',
    price: '1',
    funding_balance: symbol === 'USDT' ? funding : '0',
    spot_balance: symbol === 'USDT' ? spot : '0',
    networks,
  });
  return [row(7, 'USDT', 'Tether', [erc20, trc20]), row(1, 'BTC', 'Bitcoin', [{ ...trc20, id: 4, code: 'BTC', name: 'Bitcoin' }]), row(9, 'XRP', 'XRP', [xrp])];
}

export const limits = (overrides: Partial<WithdrawLimitsResponse> = {}): WithdrawLimitsResponse => ({
  verified: true,
  locked_until: null,
  daily_limit_usdt: '10000',
  used_today_usdt: '0',
  remaining_usdt: '10000',
  review_threshold_usdt: '5000',
  whitelist_only: false,
  ...overrides,
});

export const saved = (overrides: Partial<AddressBookEntry> = {}): AddressBookEntry => ({
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Cold wallet',
  kind: 'onchain',
  network_id: 2,
  network: 'TRC20',
  address: TRON,
  memo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const withdrawal = (overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  id: '22222222-2222-4222-8222-222222222222',
  date: '2026-01-05T10:00:00.000Z',
  coin_name: 'Tether',
  symbol: 'USDT',
  image_path: '',
  kind: 'onchain',
  source: 'funding',
  amount: '10',
  fee: '1',
  final_amount: '9',
  network: 'TRC20',
  address: TRON,
  memo: null,
  tx_hash: null,
  confirmations: 0,
  confirmations_needed: 19,
  status: 'prepared',
  reason: null,
  ...overrides,
});

/** GET /api/user_account/security: whether the user has the authenticator app on. */
export const securityOverview = (totp: boolean): Answer => ({
  status: 200,
  body: { email: 'ann@example.com', totp_enabled: totp, recovery_codes_left: totp ? 10 : 0, anti_phishing_phrase: null, withdrawals_locked_until: null },
});
export const totpRequired: Answer = { status: 403, body: { message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired } };

export function serve(routes: Route[] = []) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let answer: Answer | undefined;
    for (const route of routes) {
      answer = route(url, init);
      if (answer) break;
    }
    if (!answer) {
      if (url.pathname === '/api/v1/coin-transaction') answer = { status: 200, body: coins() };
      else if (url.pathname === '/api/v1/withdraw-limits') answer = { status: 200, body: limits() };
      else if (url.pathname === '/api/v1/withdraw-addresses') answer = { status: 200, body: { whitelist_only: false, addresses: [] } };
      else if (url.pathname === '/api/v1/transaction-history/42') answer = { status: 200, body: [] };
      else if (url.pathname === '/api/user_account/security') answer = securityOverview(false);
      else if (url.pathname === '/api/v1/submit-withdrawal') answer = { status: 201, body: { message: m.confirmSent, withdrawal: withdrawal({ status: 'unconfirmed' }) } };
      else if (/^\/api\/v1\/withdrawals\/[\w-]+\/confirm$/.test(url.pathname)) answer = { status: 200, body: { message: m.submitted, withdrawal: withdrawal() } };
      else if (/^\/api\/v1\/withdrawals\/[\w-]+\/cancel$/.test(url.pathname)) answer = { status: 200, body: withdrawal({ status: 'cancelled' }) };
    }
    if (!answer) throw new TypeError(`Unexpected fetch ${init?.method ?? 'GET'} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const calls = (mock: ReturnType<typeof serve>, path: string, method = 'GET') =>
  mock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);

export function signIn(uid = '42') {
  localStorage.setItem(storageKeys.authToken, 'token-1');
  localStorage.setItem(storageKeys.userId, 'user-1');
  localStorage.setItem(storageKeys.email, 'ann@example.com');
  if (uid) localStorage.setItem(storageKeys.uid, uid);
}

export const render = () => renderAt('/withdraw', '/withdraw', <WithdrawPage />);
export const submitButton = () => screen.getByRole('button', { name: 'Withdraw' });
export const problem = () => screen.queryByTestId('withdraw-problem')?.textContent ?? null;

export async function fillOnchain(user: ReturnType<typeof userEvent.setup>, amount = '10') {
  await user.click(await screen.findByRole('button', { name: 'USDT' }));
  await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
  await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
  if (amount) await user.type(screen.getByRole('textbox', { name: 'Amount' }), amount);
}


/** The confirmation dialog, once open. */
export const confirmDialog = () => screen.findByRole('dialog', { name: 'Confirm withdrawal' });

/** The review's rows, label and value. */
export function summaryRows(dialog: HTMLElement): [string, string][] {
  return [...within(dialog).getByTestId('withdraw-summary').querySelectorAll('div')].map((row) => [
    row.querySelector('dt')?.textContent ?? '',
    row.querySelector('dd')?.textContent ?? '',
  ]);
}

/** From the open review: Confirm (the submit, which mails the code), the emailed code, Confirm withdrawal. */
export async function confirmInDialog(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, code = '123456') {
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await user.type(await within(dialog).findByRole('textbox', { name: 'Email verification code' }), code);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
}

/** Withdraw, then Confirm in the review: the draft is submitted and the dialog asks for the emailed code. */
export async function review(user: ReturnType<typeof userEvent.setup>) {
  await user.click(submitButton());
  const dialog = await confirmDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}

/** Withdraw, then the whole confirmation. */
export async function reviewAndConfirm(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.click(submitButton());
  const dialog = await confirmDialog();
  await confirmInDialog(user, dialog, code);
  return dialog;
}
