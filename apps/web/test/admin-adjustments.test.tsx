import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminPage from '../src/features/admin/AdminPage';
import { renderAt, resetPageTest, signInTestUser, stubFetch } from './auth-test-utils';

afterEach(resetPageTest);

const me = { status: 200, body: { user_id: 'op-1', email: 'op@example.com', roles: ['treasury'], rights: ['console.open', 'users.read', 'adjustments.propose', 'adjustments.approve'] } };
const summary = { status: 200, body: { users: 3, signups_today: 1, pending_kyc: 0, pending_withdrawals: 0 } };
const row = {
  id: 'adj-1',
  user_id: 'user-2',
  email: 'ada@example.com',
  asset: 'USDT',
  wallet: 'spot',
  direction: 'credit',
  amount: '25',
  reason: 'Goodwill for the outage',
  status: 'pending',
  proposed_by: 'colleague@example.com',
  proposed_at: '2026-11-29T10:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  transaction_id: null,
};

function bodyOf(mock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = mock.mock.calls.find(([url]) => String(url).includes(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

async function openAdjustments() {
  renderAt('/admin', '/admin', <AdminPage />);
  const sections = await screen.findByRole('navigation', { name: 'Operator console sections' });
  await userEvent.click(within(sections).getByRole('button', { name: 'Adjustments' }));
}

describe('the console’s four-eyes adjustments', () => {
  it('approves a colleague’s proposal with the authenticator code, and shows the server’s refusal in its words', async () => {
    signInTestUser();
    let refused = true;
    const fetchMock = stubFetch({
      '/api/admin/me': me,
      '/api/admin/summary': summary,
      '/api/admin/adjustments/adj-1/approve': () =>
        refused
          ? { status: 409, body: { message: 'The user’s spot USDT balance is 3, less than the debit of 25: the adjustment cannot be approved' } }
          : { status: 200, body: { success: true, message: 'Adjustment approved and booked', adjustment: { ...row, status: 'approved', decided_by: 'op@example.com', decided_at: '2026-11-29T11:00:00.000Z', transaction_id: 'tx-1' } } },
      '/api/admin/adjustments': { status: 200, body: { items: [row], next_offset: null } },
    });
    await openAdjustments();
    await userEvent.click(await screen.findByRole('button', { name: '+25 USDT' }));
    expect(screen.getByText('Goodwill for the outage')).toBeTruthy();
    const approval = screen.getByRole('form', { name: 'Approve the adjustment' });
    await userEvent.type(within(approval).getByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve and book' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/less than the debit/);
    expect(bodyOf(fetchMock, '/adjustments/adj-1/approve')).toEqual({ totp_code: '123456' });

    refused = false;
    await userEvent.type(within(approval).getByLabelText('Authenticator code'), '654321');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve and book' }));
    expect((await screen.findByRole('status')).textContent).toBe('Approved and booked');
  });

  it('offers its proposer only to cancel, and sends a proposal with the code', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/admin/me': me,
      '/api/admin/summary': summary,
      '/api/admin/adjustments/adj-1/reject': { status: 200, body: { success: true, message: 'Adjustment cancelled', adjustment: { ...row, proposed_by: 'op@example.com', status: 'cancelled', decided_by: 'op@example.com', decided_at: '2026-11-29T11:00:00.000Z', decision_reason: 'Typo' } } },
      '/api/admin/adjustments': { status: 200, body: { items: [{ ...row, proposed_by: 'op@example.com' }], next_offset: null } },
    });
    await openAdjustments();
    await userEvent.type(await screen.findByLabelText('User id'), 'user-2');
    await userEvent.type(screen.getByLabelText('Amount'), '10');
    await userEvent.type(screen.getAllByLabelText('Reason')[0] as HTMLElement, 'Refund of ticket 12');
    await userEvent.type(screen.getByLabelText('Authenticator code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Propose' }));
    const proposal = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/admin/adjustments') && init?.method === 'POST');
    expect(JSON.parse(String(proposal?.[1]?.body))).toEqual({ user_id: 'user-2', asset: 'USDT', wallet: 'spot', direction: 'credit', amount: '10', reason: 'Refund of ticket 12', totp_code: '111111' });

    await userEvent.click(await screen.findByRole('button', { name: '+25 USDT' }));
    expect(screen.queryByRole('form', { name: 'Approve the adjustment' })).toBeNull();
    const cancel = screen.getByRole('form', { name: 'Cancel the adjustment' });
    await userEvent.type(within(cancel).getByLabelText('Reason'), 'Typo');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel the adjustment' }));
    expect((await screen.findByRole('status')).textContent).toBe('Cancelled by its proposer');
    expect(bodyOf(fetchMock, '/adjustments/adj-1/reject')).toEqual({ reason: 'Typo' });
  });
});
