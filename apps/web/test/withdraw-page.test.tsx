import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { amountLimitMessages, fundsMessages, securityMessages, twoFactorFieldMessages, withdrawMessages as m } from '@exchange/contract';
import { HISTORY_POLL_MS } from '../src/features/withdraw/data/useWithdrawHistory';
import { FakeSocket } from './fake-socket';

/** Published accounts of the test mnemonic (apps/server/test/funds/vectors.ts): addresses the contract's rules take. */
const XRP_ACCOUNT = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
const OTHER_TRON = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
import {
  calls,
  coins,
  confirmDialog,
  confirmInDialog,
  fillOnchain,
  limits,
  problem,
  render,
  saved,
  securityOverview,
  serve,
  signIn,
  submitButton,
  summaryRows,
  totpRequired,
  TRON,
  withdrawal,
} from './withdraw-test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('withdraw page, who may see it', () => {
  it('sends a visitor to log in', async () => {
    const mock = serve();
    render();
    expect(await screen.findByRole('heading', { name: 'Log in to withdraw' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(mock).not.toHaveBeenCalled();
  });

  it('says the user id is missing when a session has none (spec 3 §8)', async () => {
    signIn('');
    serve();
    render();
    expect(await screen.findByRole('heading', { name: fundsMessages.userIdMissing })).toBeTruthy();
  });

  it('tells an unverified user why and links to verification, and keeps the button disabled', async () => {
    signIn();
    const user = userEvent.setup();
    serve([(url) => (url.pathname === '/api/v1/withdraw-limits' ? { status: 200, body: limits({ verified: false }) } : undefined)]);
    render();
    const notice = await screen.findByTestId('withdraw-unverified');
    expect(notice.textContent).toContain(m.notVerified);
    expect(within(notice).getByRole('link', { name: 'Verify now' }).getAttribute('href')).toBe('/account/profile/verify');
    await fillOnchain(user);
    expect(problem()).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('says until when a password change locks withdrawals', async () => {
    signIn();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    serve([(url) => (url.pathname === '/api/v1/withdraw-limits' ? { status: 200, body: limits({ locked_until: until }) } : undefined)]);
    render();
    const notice = await screen.findByTestId('withdraw-locked');
    expect(notice.textContent).toMatch(/^Withdrawals are locked for 24 hours after a password or email change, until /);
  });
});

describe('withdraw steps', () => {
  it('goes crypto, destination, amount: fee, amount received, limit left, then review, the spec query and the emailed code', async () => {
    signIn();
    const user = userEvent.setup();
    let confirmed = false;
    const mock = serve([
      (url, init) => {
        if (url.pathname.endsWith('/confirm') && init?.method === 'POST') {
          confirmed = true;
          return { status: 200, body: { message: m.submitted, withdrawal: withdrawal() } };
        }
        if (url.pathname === '/api/v1/coin-transaction') return { status: 200, body: coins(confirmed ? '15' : '25') };
        return undefined;
      },
    ]);
    render();
    const step = (name: string) => screen.getByRole('heading', { name }).closest('li');
    const usdt = await screen.findByRole('button', { name: 'USDT' });
    expect(step('Select crypto')?.getAttribute('aria-current')).toBe('step');
    await user.click(usdt);
    expect(step('Set destination')?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('tab', { name: 'On-chain' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveProperty('disabled', true);
    const radio = screen.getByRole('radio', { name: /^TRC20 TRON \(TRC20\)/ });
    expect(radio.closest('label')?.textContent).toContain('Fee 1 USDT');
    await user.click(radio);
    await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
    expect(step('Withdrawal amount')?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('withdraw-available').textContent).toBe('Available: 25 USDT');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1 USDT');
    expect(screen.getByTestId('withdraw-limit-left').textContent).toBe('10,000 of 10,000 USDT');
    expect(submitButton()).toHaveProperty('disabled', true);

    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '10');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('9 USDT');
    expect(problem()).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', false);
    await user.click(submitButton());

    // The review: nothing is sent before Confirm.
    const dialog = await confirmDialog();
    expect(summaryRows(dialog)).toEqual([
      ['Coin', 'USDT'],
      ['Network', 'TRC20'],
      ['Address', TRON],
      ['Amount', '10 USDT'],
      ['Network fee', '1 USDT'],
      ['Amount received', '9 USDT'],
      ['Withdraw from', 'Funding'],
    ]);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(calls(mock, '/api/v1/submit-withdrawal', 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const code = await within(dialog).findByRole('textbox', { name: 'Email verification code' });
    expect(document.activeElement).toBe(code);
    expect(within(dialog).getByTestId('withdraw-confirm-sent-to').textContent).toContain('ann@example.com');
    const [input, init] = calls(mock, '/api/v1/submit-withdrawal', 'POST')[0]!;
    const query = new URL(String(input), 'http://localhost').searchParams;
    expect(Object.fromEntries([...query].filter(([key]) => key !== 'apikey'))).toEqual({
      wallet_id: '7',
      initial_amount: '10',
      source: 'funding',
      network_id: '2',
      address: TRON,
    });
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(await screen.findByTestId('withdraw-row')).getByTestId('withdraw-status').textContent).toBe('Awaiting confirmation');

    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect((await screen.findByTestId('withdraw-success')).textContent).toBe(m.submitted);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The Withdraw button is disabled again (the amount is cleared): focus goes to what the dialog led to.
    expect(document.activeElement).toBe(screen.getByTestId('withdraw-success'));
    const id = withdrawal().id;
    const [, confirmInit] = calls(mock, `/api/v1/withdrawals/${id}/confirm`, 'POST')[0]!;
    expect(JSON.parse(String(confirmInit?.body))).toEqual({ apikey: expect.any(String), uid: 42, email_code: '123456' });
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '');
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Pending');
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('Available: 15 USDT'));
  });

  it("shows the spec's messages in the spec's order and keeps the button disabled while one applies", async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '0');
    expect(problem()).toBe(m.completeFields);
    await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
    expect(problem()).toBe(m.invalidAmount);
    await user.clear(amount);
    await user.type(amount, '1');
    expect(problem()).toBe(m.belowFee('1', 'USDT'));
    expect(screen.getByTestId('withdraw-received').textContent).toBe('0 USDT');
    await user.clear(amount);
    await user.type(amount, '26');
    expect(problem()).toBe(m.insufficient);
    expect(submitButton()).toHaveProperty('disabled', true);
    // The Spot (Trading) account has its own, smaller balance.
    await user.clear(amount);
    await user.type(amount, '3');
    expect(problem()).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^Spot \(Trading\)/ }));
    expect(problem()).toBe(m.insufficient);
    expect(screen.getByTestId('withdraw-available').textContent).toBe('Available: 2 USDT');
  });

  it("refuses, as typed, more decimals than the token has on the network", async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await fillOnchain(user, '10.1234567');
    expect(problem()).toBe(amountLimitMessages.tooManyDecimals('USDT', 'TRC20', 6));
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '{Backspace}');
    expect(problem()).toBeNull();
  });

  it("fills Max with the available balance, cut to the network's decimals", async () => {
    signIn();
    const user = userEvent.setup();
    serve([(url) => (url.pathname === '/api/v1/coin-transaction' ? { status: 200, body: coins('12.123456789') } : undefined)]);
    render();
    await fillOnchain(user, '');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '12.123456');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('11.123456 USDT');
    expect(problem()).toBeNull();
  });

  it('clears network, address and amount when the crypto changes or the tab switches (spec 3 §4)', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await fillOnchain(user);
    await user.click(screen.getByRole('button', { name: 'BTC' }));
    expect(screen.getAllByRole('radio', { name: /Fee/ }).map((r) => (r as HTMLInputElement).checked)).toEqual([false]);
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '');

    await user.click(screen.getByRole('button', { name: 'USDT' }));
    await fillOnchain(user);
    await user.click(screen.getByRole('tab', { name: 'Internal withdrawal' }));
    expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '');
    await user.type(screen.getByRole('textbox', { name: 'Recipient email or UID' }), 'bob@example.com');
    await user.click(screen.getByRole('tab', { name: 'On-chain' }));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveProperty('value', '');
    expect(screen.getAllByRole('radio', { name: /Fee/ }).some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('switches tabs with the arrow keys', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    screen.getByRole('tab', { name: 'On-chain' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Internal withdrawal' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Internal withdrawal' }));
  });

  it('sends an internal withdrawal to a recipient, with no network and no fee', async () => {
    signIn();
    const user = userEvent.setup();
    const internal = { kind: 'internal' as const, network: 'Internal', fee: '0', final_amount: '0.5', amount: '0.5', address: 'b***@example.com', confirmations_needed: 0 };
    const mock = serve([
      (url) =>
        url.pathname === '/api/v1/submit-withdrawal'
          ? { status: 201, body: { message: m.confirmSent, withdrawal: withdrawal({ ...internal, status: 'unconfirmed' }) } }
          : undefined,
      (url) => (url.pathname.endsWith('/confirm') ? { status: 200, body: { message: m.submitted, withdrawal: withdrawal({ ...internal, status: 'completed' }) } } : undefined),
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('tab', { name: 'Internal withdrawal' }));
    await user.type(screen.getByRole('textbox', { name: 'Recipient email or UID' }), '10000042');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.5');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0 USDT');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('0.5 USDT');
    await user.click(submitButton());
    const dialog = await confirmDialog();
    expect(summaryRows(dialog).slice(0, 3)).toEqual([
      ['Coin', 'USDT'],
      ['Network', 'Internal transfer'],
      ['Recipient', '10000042'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('withdraw-confirm-what')).textContent).toBe('0.5 USDT to b***@example.com (internal transfer)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByTestId('withdraw-success');
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Completed');
    const query = new URL(String(calls(mock, '/api/v1/submit-withdrawal', 'POST')[0]![0]), 'http://localhost').searchParams;
    expect([query.get('recipient'), query.get('network_id'), query.get('address')]).toEqual(['10000042', null, null]);
  });

  it("shows the server's refusal of the submit in the review, and the spec's fallback when nothing answers", async () => {
    signIn();
    const user = userEvent.setup();
    let refuse = true;
    const mock = serve([
      (url) => {
        if (url.pathname !== '/api/v1/submit-withdrawal') return undefined;
        if (refuse) return { status: 400, body: { message: m.invalidAddress('TRC20') } };
        throw new TypeError('offline');
      },
    ]);
    render();
    await fillOnchain(user);
    await user.click(submitButton());
    const dialog = await confirmDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    expect((await within(dialog).findByTestId('withdraw-confirm-error')).textContent).toBe(m.invalidAddress('TRC20'));
    refuse = false;
    await user.click(confirm);
    await waitFor(() => expect(within(dialog).getByTestId('withdraw-confirm-error').textContent).toBe(m.unexpected));
    // A retry after no answer keeps the key, so the server can answer with the first withdrawal.
    await user.click(confirm);
    await waitFor(() => expect(calls(mock, '/api/v1/submit-withdrawal', 'POST')).toHaveLength(3));
    const keys = calls(mock, '/api/v1/submit-withdrawal', 'POST').map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[1]).toBe(keys[2]);
    // Nothing was submitted: Cancel closes the review and cancels nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mock.mock.calls.some(([input]) => String(input).includes('/cancel'))).toBe(false);
    expect(document.activeElement).toBe(submitButton());
  });

  it('checks the address for the chosen network when the user leaves the field, and will not send an invalid one', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve();
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: /^TRC20/ }));
    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.type(address, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    await user.tab();
    expect((await screen.findByTestId('withdraw-address-error')).textContent).toBe(m.invalidAddress('TRON (TRC20)'));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '10');
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.clear(address);
    await user.type(address, TRON);
    await user.tab();
    expect(screen.queryByTestId('withdraw-address-error')).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(calls(mock, '/api/v1/submit-withdrawal', 'POST')).toEqual([]);
  });

  it('asks for the memo where the network takes one, and sends it', async () => {
    signIn();
    const user = userEvent.setup();
    const withXrp = coins().map((coin) => (coin.symbol === 'XRP' ? { ...coin, funding_balance: '5' } : coin));
    const mock = serve([(url) => (url.pathname === '/api/v1/coin-transaction' ? { status: 200, body: withXrp } : undefined)]);
    render();
    await user.click(await screen.findByRole('button', { name: /^Select crypto/ }));
    await user.type(screen.getByRole('combobox'), 'xrp{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Memo' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^XRP XRP Ledger Memo/ }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), XRP_ACCOUNT);
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), '100042');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1');
    expect(screen.getByTestId('withdraw-received').textContent).toBe('0.8 XRP');
    await user.click(submitButton());
    expect(summaryRows(await confirmDialog())).toContainEqual(['Memo', '100042']);
    await confirmInDialog(user, await confirmDialog());
    await screen.findByTestId('withdraw-success');
    const query = new URL(String(calls(mock, '/api/v1/submit-withdrawal', 'POST')[0]![0]), 'http://localhost').searchParams;
    expect([query.get('wallet_id'), query.get('network_id'), query.get('address'), query.get('memo')]).toEqual(['9', '9', XRP_ACCOUNT, '100042']);
  });

  it('disables Max when the chosen account holds nothing', async () => {
    signIn();
    const user = userEvent.setup();
    serve();
    render();
    await user.click(await screen.findByRole('button', { name: 'BTC' }));
    expect(screen.getByTestId('withdraw-available').textContent).toBe('Available: 0 BTC');
    expect(screen.getByRole('button', { name: 'Max' })).toHaveProperty('disabled', true);
  });
});

describe('adding an address with the authenticator app', () => {
  it('asks for the code in the add-address dialog and sends it with the emailed one', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([
      (url) => (url.pathname === '/api/user_account/security' ? securityOverview(true) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/v1/withdraw-addresses' || init?.method !== 'POST') return undefined;
        return { status: 201, body: { message: m.addressSaved, address: saved() } };
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
    await user.click(screen.getByRole('button', { name: 'Add to address book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to address book' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Cold wallet');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email verification code' }), '111111');
    const field = await within(dialog).findByLabelText('Authenticator code');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(twoFactorFieldMessages.totpFormat);
    expect(calls(mock, '/api/v1/withdraw-addresses', 'POST')).toHaveLength(0);
    await user.type(field, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = calls(mock, '/api/v1/withdraw-addresses', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ code: '111111', totp_code: '222222' });
  });

  it('shows the field in the dialog once the server asks for it', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([
      (url, init) => {
        if (url.pathname !== '/api/v1/withdraw-addresses' || init?.method !== 'POST') return undefined;
        const body = JSON.parse(String(init.body)) as { totp_code?: string };
        return body.totp_code ? { status: 201, body: { message: m.addressSaved, address: saved() } } : totpRequired;
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
    await user.click(screen.getByRole('button', { name: 'Add to address book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to address book' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Cold wallet');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email verification code' }), '111111');
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(securityMessages.totpRequired);
    await user.type(within(dialog).getByLabelText('Authenticator code'), '333333');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(mock, '/api/v1/withdraw-addresses', 'POST').map(([, init]) => (JSON.parse(String(init?.body)) as { totp_code?: string }).totp_code)).toEqual([undefined, '333333']);
  });
});

describe('address book', () => {
  it('lists saved addresses by label, network and their first 15 characters, and fills the destination from one', async () => {
    signIn();
    const user = userEvent.setup();
    serve([
      (url) =>
        url.pathname === '/api/v1/withdraw-addresses'
          ? { status: 200, body: { whitelist_only: false, addresses: [saved(), saved({ id: 'b', label: 'BTC box', network_id: 4, network: 'BTC' })] } }
          : undefined,
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('button', { name: 'Address book' }));
    const previews = screen.getAllByTestId('address-book-preview');
    expect(previews.map((p) => p.textContent)).toEqual([`${TRON.slice(0, 15)}…`]);
    await user.click(screen.getByRole('button', { name: /^Cold wallet TRC20/ }));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveProperty('value', TRON);
    expect((screen.getByRole('radio', { name: /^TRC20 / }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Address book' }));
  });

  it('adds an address with the emailed code and picks it', async () => {
    signIn();
    const user = userEvent.setup();
    let added = false;
    const mock = serve([
      (url, init) => {
        if (url.pathname === '/api/v1/withdraw-addresses/code') return { status: 200, body: { message: m.addressCodeSent } };
        if (url.pathname === '/api/v1/withdraw-addresses' && init?.method === 'POST') {
          added = true;
          return { status: 201, body: { message: m.addressSaved, address: saved() } };
        }
        if (url.pathname === '/api/v1/withdraw-addresses') return { status: 200, body: { whitelist_only: false, addresses: added ? [saved()] : [] } };
        return undefined;
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
    await user.click(screen.getByRole('button', { name: 'Add to address book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to address book' });
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveProperty('value', TRON);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.labelRequired);
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Cold wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.codeRequired);
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(m.addressCodeSent)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = calls(mock, '/api/v1/withdraw-addresses', 'POST')[0]!;
    const sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ uid: 42, label: 'Cold wallet', network_id: 2, address: TRON, code: '123456' });
    expect(sent).not.toHaveProperty('recipient');
    await user.click(screen.getByRole('button', { name: 'Address book' }));
    expect(await screen.findByRole('button', { name: /^Cold wallet TRC20/ })).toBeTruthy();
  });

  it('saves another user as an internal recipient and picks saved recipients on the internal tab', async () => {
    signIn();
    const user = userEvent.setup();
    const bob = saved({ id: 'r1', label: 'Bob', kind: 'internal', network_id: null, network: 'Internal', address: 'bob@example.com' });
    let added = false;
    const mock = serve([
      (url, init) => {
        if (url.pathname === '/api/v1/withdraw-addresses' && init?.method === 'POST') {
          added = true;
          return { status: 201, body: { message: m.addressSaved, address: bob } };
        }
        if (url.pathname === '/api/v1/withdraw-addresses') return { status: 200, body: { whitelist_only: false, addresses: added ? [saved(), bob] : [saved()] } };
        return undefined;
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('tab', { name: 'Internal withdrawal' }));
    await user.click(screen.getByRole('button', { name: 'Address book' }));
    expect(screen.getByText('No saved recipients yet.')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'Recipient email or UID' }), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Add to address book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to address book' });
    expect(within(dialog).getByRole('radio', { name: /^Internal recipient/ })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('combobox', { name: 'Network' })).toBeNull();
    const recipient = within(dialog).getByRole('textbox', { name: 'Recipient email or UID' });
    expect(recipient).toHaveProperty('value', 'bob@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Bob');
    await user.clear(recipient);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.recipientRequired);
    await user.type(recipient, 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = JSON.parse(String(calls(mock, '/api/v1/withdraw-addresses', 'POST')[0]![1]?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ uid: 42, label: 'Bob', recipient: 'bob@example.com', code: '123456' });
    expect(sent).not.toHaveProperty('network_id');
    expect(sent).not.toHaveProperty('address');

    await user.clear(screen.getByRole('textbox', { name: 'Recipient email or UID' }));
    await user.click(screen.getByRole('button', { name: 'Address book' }));
    // Only recipients: the saved TRC20 address is no destination for an internal withdrawal.
    expect(screen.queryByRole('button', { name: /^Cold wallet/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /^Bob Internal/ }));
    expect(screen.getByRole('textbox', { name: 'Recipient email or UID' })).toHaveProperty('value', 'bob@example.com');
  });

  it('warns, with "whitelist only" on, about an internal recipient not in the book, and shows the server refusal in the review', async () => {
    signIn();
    const user = userEvent.setup();
    const bob = saved({ id: 'r1', label: 'Bob', kind: 'internal', network_id: null, network: 'Internal', address: 'bob@example.com' });
    serve([
      (url) => (url.pathname === '/api/v1/withdraw-addresses' ? { status: 200, body: { whitelist_only: true, addresses: [bob] } } : undefined),
      (url) => (url.pathname === '/api/v1/submit-withdrawal' ? { status: 403, body: { message: m.whitelistOnlyInternal, code: 'WHITELIST_ONLY' } } : undefined),
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('tab', { name: 'Internal withdrawal' }));
    const recipient = screen.getByRole('textbox', { name: 'Recipient email or UID' });
    expect(await screen.findByRole('switch', { name: 'Whitelist only' })).toBeTruthy();
    await user.type(recipient, 'BOB@example.com');
    expect(screen.queryByText(m.whitelistOnlyInternal)).toBeNull();
    await user.clear(recipient);
    await user.type(recipient, 'carol@example.com');
    expect(screen.getByText(m.whitelistOnlyInternal)).toBeTruthy();
    expect(recipient.getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1');
    await user.click(submitButton());
    const dialog = await confirmDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('withdraw-confirm-error')).textContent).toBe(m.whitelistOnlyInternal);
  });

  it('turns "whitelist only" on, warns about an address not in the book, and turns it off only with the emailed code', async () => {
    signIn();
    const user = userEvent.setup();
    let whitelist = false;
    const mock = serve([
      (url, init) => {
        if (url.pathname === '/api/v1/withdraw-addresses/code') return { status: 200, body: { message: m.addressCodeSent } };
        if (url.pathname === '/api/v1/withdraw-addresses/whitelist') {
          const body = JSON.parse(String(init?.body)) as { enabled: boolean; code?: string };
          if (!body.enabled && body.code !== '654321') return { status: 400, body: { message: 'Invalid or expired code' } };
          whitelist = body.enabled;
          return { status: 200, body: { whitelist_only: whitelist } };
        }
        if (url.pathname === '/api/v1/withdraw-addresses') return { status: 200, body: { whitelist_only: whitelist, addresses: [saved()] } };
        return undefined;
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: /^TRC20 / }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), OTHER_TRON);
    const toggle = await screen.findByRole('switch', { name: 'Whitelist only' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Whitelist only' }).getAttribute('aria-checked')).toBe('true'));
    const [, onInit] = calls(mock, '/api/v1/withdraw-addresses/whitelist', 'POST')[0]!;
    expect(JSON.parse(String(onInit?.body))).toMatchObject({ uid: 42, enabled: true });
    expect(screen.getByText(m.whitelistOnly)).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Address' }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), TRON);
    expect(screen.queryByText(m.whitelistOnly)).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Whitelist only' }));
    expect(calls(mock, '/api/v1/withdraw-addresses/whitelist', 'POST')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByRole('alert').textContent).toBe(m.codeRequired);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(m.addressCodeSent)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Email verification code' });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired code');
    expect(screen.getByRole('switch', { name: 'Whitelist only' }).getAttribute('aria-checked')).toBe('true');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Whitelist only' }).getAttribute('aria-checked')).toBe('false'));
    const [, offInit] = calls(mock, '/api/v1/withdraw-addresses/whitelist', 'POST').at(-1)!;
    expect(JSON.parse(String(offInit?.body))).toMatchObject({ enabled: false, code: '654321' });
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });
});

describe('withdrawal history', () => {
  it('says when there are none, and offers a retry when it fails', async () => {
    signIn();
    const user = userEvent.setup();
    let fail = true;
    serve([(url) => (url.pathname === '/api/v1/transaction-history/42' && fail ? { status: 500, body: {} } : undefined)]);
    render();
    expect(await screen.findByText(m.historyFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(m.historyEmpty)).toBeTruthy();
    const asked = new URL(String(vi.mocked(fetch).mock.calls.find(([input]) => String(input).includes('transaction-history'))?.[0]), 'http://localhost');
    expect(asked.searchParams.get('transaction_type')).toBe('withdraw');
  });

  it('shows each status: awaiting confirmation or approval, confirmations while processing, the reason of a failed one, expired', async () => {
    signIn();
    serve([
      (url) =>
        url.pathname === '/api/v1/transaction-history/42'
          ? {
              status: 200,
              body: [
                withdrawal({ id: 'a', status: 'review' }),
                withdrawal({ id: 'b', status: 'processing', confirmations: 7, tx_hash: '0xabc' }),
                withdrawal({ id: 'c', status: 'failed', reason: 'The chain refused the transaction' }),
                withdrawal({ id: 'd', status: 'completed', confirmations: 19 }),
                withdrawal({ id: 'e', status: 'unconfirmed' }),
                withdrawal({ id: 'f', status: 'expired' }),
              ],
            }
          : undefined,
    ]);
    render();
    const rows = await screen.findAllByTestId('withdraw-row');
    expect(rows.map((row) => within(row).getByTestId('withdraw-status').textContent)).toEqual([
      'Awaiting approval',
      'Processing',
      'Failed',
      'Completed',
      'Awaiting confirmation',
      'Expired',
    ]);
    // Awaiting its code: continue the confirmation, or cancel; an expired one is over.
    expect(within(rows[4]!).getByRole('button', { name: 'Confirm the withdrawal of 10 USDT' }).textContent).toBe('Continue');
    expect(within(rows[4]!).getByRole('button', { name: 'Cancel the withdrawal of 10 USDT' })).toBeTruthy();
    expect(within(rows[5]!).queryByRole('button')).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(within(rows[1]!).getByTestId('withdraw-confirmations').textContent).toBe('7/19 confirmations');
    expect(within(rows[2]!).getByText('The chain refused the transaction')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('withdraw-status').className).toContain('wallet-status--down');
    expect(within(rows[0]!).getByRole('button', { name: 'Cancel the withdrawal of 10 USDT' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('cancels a withdrawal that waits, then reloads', async () => {
    signIn();
    const user = userEvent.setup();
    let cancelled = false;
    const id = withdrawal().id;
    const mock = serve([
      (url) => {
        if (url.pathname === `/api/v1/withdrawals/${id}/cancel`) {
          cancelled = true;
          return { status: 200, body: withdrawal({ status: 'cancelled' }) };
        }
        if (url.pathname === '/api/v1/transaction-history/42') return { status: 200, body: [withdrawal({ status: cancelled ? 'cancelled' : 'prepared' })] };
        return undefined;
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Cancel the withdrawal of 10 USDT' }));
    await waitFor(() => expect(screen.getByTestId('withdraw-status').textContent).toBe('Cancelled'));
    const [, init] = calls(mock, `/api/v1/withdrawals/${id}/cancel`, 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ uid: 42 });
    // The hold came back: the balance is asked for again.
    await waitFor(() => expect(calls(mock, '/api/v1/coin-transaction').length).toBeGreaterThan(1));
  });

  it('polls every 3 s while a withdrawal moves and no socket is live, then stops', async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answers = [withdrawal({ status: 'processing', confirmations: 3 }), withdrawal({ status: 'completed', confirmations: 19 })];
    let served = 0;
    const mock = serve([
      (url) => {
        if (url.pathname !== '/api/v1/transaction-history/42') return undefined;
        const body = [answers[Math.min(served, answers.length - 1)]];
        served += 1;
        return { status: 200, body };
      },
    ]);
    render();
    expect((await screen.findByTestId('withdraw-confirmations')).textContent).toBe('3/19 confirmations');
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('withdraw-status').textContent).toBe('Completed'));
    const asked = calls(mock, '/api/v1/transaction-history/42').length;
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 3));
    expect(calls(mock, '/api/v1/transaction-history/42')).toHaveLength(asked);
  });
});

describe('live withdrawal statuses', () => {
  it('logs in on the private socket, subscribes to withdrawals and shows pushed statuses at once', async () => {
    signIn();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    serve([(url) => (url.pathname === '/api/v1/transaction-history/42' ? { status: 200, body: [withdrawal({ status: 'processing', confirmations: 2 })] } : undefined)]);
    render();
    await screen.findByTestId('withdraw-confirmations');
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/\/ws\/private$/);
    act(() => socket.onopen?.({}));
    expect(JSON.parse(socket.sent[0]!)).toEqual({ op: 'login', args: [{ token: 'token-1' }] });
    act(() => socket.push({ event: 'login', code: '0' }));
    expect(socket.sent.slice(1).map((text) => JSON.parse(text) as unknown)).toEqual([{ op: 'subscribe', args: [{ channel: 'withdrawals' }] }]);
    act(() => socket.push({ arg: { channel: 'withdrawals' }, data: [withdrawal({ status: 'processing', confirmations: 11 })] }));
    expect(screen.getByTestId('withdraw-confirmations').textContent).toBe('11/19 confirmations');
    act(() => socket.push({ arg: { channel: 'withdrawals' }, data: [withdrawal({ status: 'completed', confirmations: 19, tx_hash: '0xfeed' })] }));
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Completed');
    // Another channel's rows, or a malformed row, change nothing.
    act(() => socket.push({ arg: { channel: 'orders' }, data: [withdrawal({ status: 'failed' })] }));
    act(() => socket.push({ arg: { channel: 'withdrawals' }, data: [{ id: 'broken' }] }));
    expect(screen.getAllByTestId('withdraw-row')).toHaveLength(1);
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Completed');
  });
});
