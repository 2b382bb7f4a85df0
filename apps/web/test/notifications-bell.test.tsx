import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserNotification } from '@exchange/contract';
import { routes } from '../src/app/routes';
import { queryClient } from '../src/shared/query/queryClient';
import { FakeSocket } from './fake-socket';

const header = () => within(screen.getByRole('banner'));

const deposit: UserNotification = {
  id: '2',
  created_at: '2026-11-29T10:00:00.000Z',
  read: false,
  code: 'deposit_credited',
  params: { symbol: 'USDT', amount: '1250.5', network: 'TRC20' },
};
const fill: UserNotification = {
  id: '1',
  created_at: '2026-11-29T09:00:00.000Z',
  read: false,
  code: 'order_filled',
  params: { symbol: 'BTC', side: 'buy', amount: '0.01', price: '103710.37' },
};

/** A server holding `items`: the list, the unread count and the mark-read calls, as the contract says. */
function serve(items: UserNotification[]) {
  const calls: string[] = [];
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const unread = () => items.filter((n) => !n.read).length;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/v1/user-notifications/unread') return json({ unread: unread() });
      if (url.pathname === '/api/v1/user-notifications') return json({ items, unread: unread(), next_before: null });
      if (url.pathname === '/api/v1/user-notifications/read-all') {
        items.forEach((n) => (n.read = true));
        return json({ unread: 0 });
      }
      if (url.pathname === '/api/v1/notifications') return json([]);
      return json({});
    }),
  );
  return calls;
}

function signIn() {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('user_id', 'u-42');
  localStorage.setItem('uid', '42');
  localStorage.setItem('email', 'trader@example.com');
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the bell', () => {
  it('shows the unread count, the user’s notifications in words, and marks them all read', async () => {
    signIn();
    const items: UserNotification[] = [{ ...deposit }, { ...fill }];
    const calls = serve(items);
    const user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    const bell = await header().findByRole('button', { name: 'Notifications, 2 unread' });
    expect(header().getByTestId('bell-unread').textContent).toBe('2');
    await user.click(bell);
    expect(header().getByRole('tab', { name: /Notifications/ }).getAttribute('aria-selected')).toBe('true');
    expect(await header().findByText('Deposit credited')).toBeTruthy();
    expect(header().getByText('1,250.5 USDT via TRC20 is in your account.')).toBeTruthy();
    expect(header().getByText('Bought 0.01 BTC at an average price of 103,710.37 USDT.')).toBeTruthy();
    expect(header().getByRole('link', { name: /Deposit credited/ }).getAttribute('href')).toBe('/deposit');

    await user.click(header().getByRole('button', { name: 'Mark all as read' }));
    expect(calls).toContain('POST /api/v1/user-notifications/read-all');
    await waitFor(() => expect(header().queryByTestId('bell-unread')).toBeNull());
    expect(header().getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('counts a notification pushed on the private socket at once', async () => {
    signIn();
    const items: UserNotification[] = [{ ...fill }];
    serve(items);
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    await header().findByRole('button', { name: 'Notifications, 1 unread' });
    const socket = FakeSocket.all.find((s) => s.url.endsWith('/ws/private'))!;
    act(() => socket.onopen?.({}));
    act(() => socket.push({ event: 'login', code: '0' }));
    expect(socket.sent.map((text) => JSON.parse(text) as unknown)).toContainEqual({ op: 'subscribe', args: [{ channel: 'notifications' }] });
    items.unshift({ ...deposit });
    act(() => socket.push({ arg: { channel: 'notifications' }, data: [deposit] }));
    expect(await header().findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(header().getByTestId('bell-unread').textContent).toBe('2');
  });

  it('shows no dot and only the announcements to a visitor who is not signed in', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    await user.click(await header().findByRole('button', { name: 'Notifications' }));
    expect(header().queryByTestId('bell-unread')).toBeNull();
    expect(header().queryByRole('tab')).toBeNull();
    expect(header().getByText('Announcements')).toBeTruthy();
    expect(calls.some((c) => c.includes('user-notifications'))).toBe(false);
    expect(FakeSocket.all.filter((s) => s.url.endsWith('/ws/private'))).toEqual([]);
  });
});
