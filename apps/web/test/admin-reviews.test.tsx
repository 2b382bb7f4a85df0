import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminPage from '../src/features/admin/AdminPage';
import { renderAt, resetPageTest, signInTestUser, stubFetch } from './auth-test-utils';

beforeEach(() => {
  // jsdom has no object URLs: the document images are loaded into one.
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
});
afterEach(resetPageTest);

const me = (roles: string[], rights: string[]) => ({ status: 200, body: { user_id: 'op-1', email: 'op@example.com', roles, rights } });
const summary = { status: 200, body: { users: 3, signups_today: 1, pending_kyc: 1, pending_withdrawals: 1 } };
const kycRow = { user_id: 'user-2', email: 'ada@example.com', document_type: 'passport', country: 'GB', status: 'pending', submitted_at: '2026-11-29T10:00:00.000Z' };
const submission = { ...kycRow, name: 'Ada Lovelace', reviewed_at: null, reviewed_by: null, rejection_reason: null, documents: 2 };
const withdrawal = {
  id: 'w-1',
  user_id: 'user-3',
  email: 'grace@example.com',
  kind: 'onchain',
  symbol: 'USDT',
  network_id: 2,
  network: 'TRON (TRC20)',
  address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  memo: null,
  amount: '1500',
  fee: '1',
  value_usdt: '1500',
  status: 'review',
  tx_hash: null,
  reason: null,
  created_at: '2026-11-29T11:00:00.000Z',
};

function bodyOf(mock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = mock.mock.calls.find(([url]) => String(url).includes(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('the console’s review queues', () => {
  it('lets compliance open a verification, see its documents and reject it with a reason', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/admin/me': me(['compliance'], ['console.open', 'users.read', 'users.documents', 'kyc.review']),
      '/api/admin/summary': summary,
      '/api/admin/kyc/user-2/documents/': { status: 200, body: {} },
      '/api/admin/kyc/user-2/decision': { status: 200, body: { success: true, message: 'Verification rejected', submission: { ...submission, status: 'rejected' } } },
      '/api/admin/kyc/user-2': { status: 200, body: submission },
      '/api/admin/kyc': { status: 200, body: { items: [kycRow], next_offset: null } },
    });
    renderAt('/admin', '/admin', <AdminPage />);
    const sections = await screen.findByRole('navigation', { name: 'Operator console sections' });
    expect(within(sections).queryByRole('button', { name: 'Withdrawals' })).toBeNull();
    await userEvent.click(within(sections).getByRole('button', { name: 'Verifications' }));
    await userEvent.click(await screen.findByRole('button', { name: 'ada@example.com' }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Document 2' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Reason'), 'The photo is blurred');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The verification was rejected.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/decision')).toEqual({ decision: 'reject', reason: 'The photo is blurred' });
  });

  it('lets treasury approve a withdrawal with the authenticator code, and shows the server’s refusal', async () => {
    signInTestUser();
    let refuse = true;
    const fetchMock = stubFetch({
      '/api/admin/me': me(['treasury'], ['console.open', 'users.read', 'withdrawals.review']),
      '/api/admin/summary': summary,
      '/api/admin/withdrawals/w-1/decision': () =>
        refuse
          ? { status: 400, body: { message: 'The authenticator code is not right' } }
          : { status: 200, body: { success: true, message: 'Withdrawal approved', withdrawal: { ...withdrawal, status: 'prepared' } } },
      '/api/admin/withdrawals': { status: 200, body: { items: [withdrawal], next_offset: null } },
    });
    renderAt('/admin', '/admin', <AdminPage />);
    const sections = await screen.findByRole('navigation', { name: 'Operator console sections' });
    expect(within(sections).queryByRole('button', { name: 'Verifications' })).toBeNull();
    await userEvent.click(within(sections).getByRole('button', { name: 'Withdrawals' }));
    await userEvent.click(await screen.findByRole('button', { name: '1,500.00000000 USDT' }));
    expect(screen.getByText('TRON (TRC20)')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Reason'), 'Known customer');
    await userEvent.type(screen.getByLabelText('Authenticator code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The authenticator code is not right');
    refuse = false;
    await userEvent.type(screen.getByLabelText('Authenticator code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The withdrawal was approved: it is sent at the next step.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/decision')).toEqual({ decision: 'approve', reason: 'Known customer', totp_code: '123456' });
  });

  it('says so when no withdrawal waits for review', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(['admin'], ['console.open', 'users.read', 'withdrawals.review', 'kyc.review']),
      '/api/admin/summary': summary,
      '/api/admin/withdrawals': { status: 200, body: { items: [], next_offset: null } },
    });
    renderAt('/admin', '/admin', <AdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdrawals' }));
    expect(await screen.findByText('No withdrawal here.')).toBeTruthy();
  });
});
