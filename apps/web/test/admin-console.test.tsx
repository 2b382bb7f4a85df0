import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { operatorMessages } from '@exchange/contract';
import AdminPage from '../src/features/admin/AdminPage';
import { readSession } from '../src/shared/session/session';
import { renderAt, resetPageTest, signInTestUser, stubFetch } from './auth-test-utils';

afterEach(resetPageTest);

const me = (roles: string[], rights: string[]) => ({ status: 200, body: { user_id: 'user-1', email: 'op@example.com', roles, rights } });

describe('the operator console page', () => {
  it('asks a signed-out visitor to log in, and loads nothing', () => {
    const fetchMock = stubFetch({});
    renderAt('/admin', '/admin', <AdminPage />);
    expect(screen.getByText('Log in to open the operator console')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal to a user with no role, with a retry', async () => {
    signInTestUser();
    stubFetch({ '/api/admin/me': { status: 403, body: { message: operatorMessages.notOperator, code: 'FORBIDDEN' } } });
    renderAt('/admin', '/admin', <AdminPage />);
    expect(await screen.findByText(operatorMessages.notOperator)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('shows support the dashboard and users, not operators or the audit log; the keyboard opens a section', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(['support'], ['console.open', 'users.read']),
      '/api/admin/summary': { status: 200, body: { users: 1234, signups_today: 5, pending_kyc: 2, pending_withdrawals: 0 } },
      '/api/admin/users': { status: 200, body: { items: [] } },
    });
    renderAt('/admin', '/admin', <AdminPage />);
    expect(await screen.findByText('1,234')).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Operator console sections' });
    expect(sections.textContent).toBe('DashboardUsers');
    const users = screen.getByRole('button', { name: 'Users' });
    users.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByLabelText('Email, UID or user ID'), 'nobody{Enter}');
    expect(await screen.findByText('No user matches this search.')).toBeTruthy();
  });

  it('says the operator’s session ended, forgets it and offers a new login, when a console call is answered 401', async () => {
    signInTestUser();
    stubFetch({ '/api/admin/me': { status: 401, body: { message: 'Unauthorized', code: 'UNAUTHORIZED' } } });
    renderAt('/admin', '/admin', <AdminPage />);
    expect(await screen.findByText('Your operator session has ended')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(readSession()).toBeNull();
  });
});
