import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminPage from '../src/features/admin/AdminPage';
import { renderAt, resetPageTest, signInTestUser, stubFetch } from './auth-test-utils';

afterEach(resetPageTest);

const me = (roles: string[], rights: string[]) => ({ status: 200, body: { user_id: 'op-1', email: 'op@example.com', roles, rights } });
const summary = { status: 200, body: { users: 3, signups_today: 1, pending_kyc: 0, pending_withdrawals: 0 } };
const account = {
  frozen: false,
  frozen_at: null,
  frozen_reason: null,
  frozen_by: null,
  live_sessions: 2,
  login_failures: 0,
  login_locked: false,
  two_factor: true,
  withdrawals_locked_until: null,
};
const row = { id: 'user-2', uid: 12, email: 'ada@example.com', email_verified: true, identity_status: 'true', created_at: '2026-11-29T10:00:00.000Z' };
const userView = {
  user: { ...row, name: 'Ada Lovelace', country: 'GB' },
  roles: [],
  account,
  verification: { status: 'true', submitted_at: null, document_type: null, documents: null },
  balances: [],
};

function bodyOf(mock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = mock.mock.calls.find(([url]) => String(url).includes(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

async function openUser() {
  renderAt('/admin', '/admin', <AdminPage />);
  const sections = await screen.findByRole('navigation', { name: 'Operator console sections' });
  await userEvent.click(within(sections).getByRole('button', { name: 'Users' }));
  await userEvent.type(screen.getByLabelText('Email, UID or user ID'), 'ada');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.click(await screen.findByRole('button', { name: 'ada@example.com' }));
  await screen.findByText('Live sessions');
}

describe('the console’s actions on a user’s account', () => {
  it('lets support freeze an account with a reason and shows it frozen', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/admin/me': me(['support'], ['console.open', 'users.read', 'users.freeze', 'users.security']),
      '/api/admin/summary': summary,
      '/api/admin/users/user-2/freeze': {
        status: 200,
        body: { success: true, message: 'Account frozen', account: { ...account, frozen: true, frozen_at: '2026-11-29T12:00:00.000Z', frozen_reason: 'ticket 7', frozen_by: 'op@example.com' } },
      },
      '/api/admin/users/user-2': { status: 200, body: userView },
      '/api/admin/users': { status: 200, body: { items: [row] } },
    });
    await openUser();
    expect(screen.getByText('Active')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Freeze account' }));
    const form = screen.getByRole('form', { name: 'Freeze account' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'ticket 7');
    await userEvent.click(within(form).getByRole('button', { name: 'Freeze account' }));
    expect(await screen.findByText('Account frozen')).toBeTruthy();
    expect(screen.getByText(/Frozen since .* by op@example.com: ticket 7/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unfreeze account' })).toBeTruthy();
    expect(bodyOf(fetchMock, '/freeze')).toEqual({ reason: 'ticket 7' });
  });

  it('asks for the operator’s code to reset the authenticator and shows the server’s refusal', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/admin/me': me(['support'], ['console.open', 'users.read', 'users.freeze', 'users.security']),
      '/api/admin/summary': summary,
      '/api/admin/users/user-2/reset-two-factor': { status: 400, body: { message: 'The authenticator code is not right' } },
      '/api/admin/users/user-2': { status: 200, body: userView },
      '/api/admin/users': { status: 200, body: { items: [row] } },
    });
    await openUser();
    await userEvent.click(screen.getByRole('button', { name: 'Reset authenticator' }));
    const form = screen.getByRole('form', { name: 'Reset authenticator' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'ticket 12: video call');
    await userEvent.type(within(form).getByLabelText('Your authenticator code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset authenticator' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The authenticator code is not right');
    expect(bodyOf(fetchMock, '/reset-two-factor')).toEqual({ reason: 'ticket 12: video call', totp_code: '123456' });
  });

  it('shows a role without the rights no account action', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(['treasury'], ['console.open', 'users.read', 'withdrawals.review', 'finance.read', 'ledger.check']),
      '/api/admin/summary': summary,
      '/api/admin/finance': { status: 200, body: { since: '2026-11-28T12:00:00.000Z', markets: [], system_accounts: [], hot_wallets: [], owed: [], last_check: null } },
      '/api/admin/users/user-2': { status: 200, body: userView },
      '/api/admin/users': { status: 200, body: { items: [row] } },
    });
    await openUser();
    expect(screen.queryByRole('button', { name: 'Freeze account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });
});

describe('the console’s money dashboard', () => {
  it('shows treasury the day’s markets and hot wallets, and runs the ledger check', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(['treasury'], ['console.open', 'users.read', 'withdrawals.review', 'finance.read', 'ledger.check']),
      '/api/admin/summary': summary,
      '/api/admin/ledger-check': {
        status: 200,
        body: { success: true, message: 'Ledger OK', result: { at: '2026-11-29T12:00:00.000Z', operator: 'op@example.com', ok: true, breaches: [], breach_count: 0, report: [] } },
      },
      '/api/admin/finance': {
        status: 200,
        body: {
          since: '2026-11-28T12:00:00.000Z',
          markets: [{ product: 'spot', market: 'BTC-USDT', trades: 4, volume: '1234.5', volume_asset: 'USDT', fees: [{ asset: 'USDT', amount: '1.2' }] }],
          system_accounts: [{ owner: 'system:futures-insurance', wallet: 'futures', asset: 'USDT', balance: '5000' }],
          hot_wallets: [{ network: 'TRON (TRC20)', asset: 'USDT', balance: '900' }],
          owed: [{ asset: 'USDT', owed: '800', on_chain: '900' }],
          last_check: null,
        },
      },
    });
    renderAt('/admin', '/admin', <AdminPage />);
    expect(await screen.findByText('BTC-USDT')).toBeTruthy();
    expect(screen.getByText('system:futures-insurance')).toBeTruthy();
    expect(screen.getByText(/TRON \(TRC20\): 900/)).toBeTruthy();
    expect(screen.getByText('No ledger check has run from the console yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Run ledger check' }));
    expect(await screen.findByText('Ledger OK: every invariant holds.')).toBeTruthy();
  });

  it('shows support no money figures', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(['support'], ['console.open', 'users.read', 'users.freeze', 'users.security']),
      '/api/admin/summary': summary,
    });
    renderAt('/admin', '/admin', <AdminPage />);
    expect(await screen.findByText('Sign-ups today')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Money' })).toBeNull();
  });
});

describe('the console’s user view', () => {
  it('names each identity document by what it shows with a link through the document route, the ID type, and the wallets as the trader’s pages do', async () => {
    signInTestUser();
    // jsdom has no object URLs: each document is read into one for its link.
    URL.createObjectURL = vi.fn(() => 'blob:document');
    URL.revokeObjectURL = vi.fn();
    const fetchMock = stubFetch({
      '/api/admin/me': me(['compliance'], ['console.open', 'users.read', 'users.documents']),
      '/api/admin/summary': summary,
      '/api/admin/kyc/user-2/documents/': { status: 200, body: {} },
      '/api/admin/users/user-2': {
        status: 200,
        body: {
          ...userView,
          verification: { status: 'true', submitted_at: '2026-11-29T10:00:00.000Z', document_type: 'passport', documents: ['user-2/sub-1/selfie.png', 'user-2/sub-1/front.jpg'] },
          balances: [
            { wallet: 'funding', asset: 'USDT', available: '5', locked: '0' },
            { wallet: 'spot', asset: 'USDT', available: '10', locked: '0' },
          ],
        },
      },
      '/api/admin/users': { status: 200, body: { items: [row] } },
    });
    await openUser();
    expect(screen.queryByText(/selfie\.png|front\.jpg/)).toBeNull();
    expect(screen.getByText('Passport')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'View Selfie' })).toHaveProperty('href', 'blob:document');
    expect(await screen.findByRole('link', { name: 'View Front of the ID' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/admin/kyc/user-2/documents/1'))).toBe(true);
    const wallets = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(wallets).toEqual(['Funding', 'Spot']);
  });
});
