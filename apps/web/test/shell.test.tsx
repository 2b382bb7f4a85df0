import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { comingSoonText } from '@exchange/contract';
import { routes } from '../src/app/routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const header = () => within(screen.getByRole('banner'));

function signIn(extra: Record<string, string> = {}) {
  localStorage.setItem('authToken', 'test-token');
  localStorage.setItem('user_id', '42');
  localStorage.setItem('email', 'trader@example.com');
  for (const [key, value] of Object.entries(extra)) localStorage.setItem(key, value);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('site header', () => {
  it('offers Log in and Sign up to anonymous visitors', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(header().getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(header().getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(header().queryByRole('button', { name: 'Account' })).toBeNull();
  });

  it('shows the email and UID: N/A for a session without uid', async () => {
    signIn();
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(header().queryByRole('link', { name: 'Log in' })).toBeNull();
    await user.click(header().getByRole('button', { name: 'Account' }));
    expect(header().getByText('trader@example.com')).toBeTruthy();
    expect(header().getByText('UID: N/A')).toBeTruthy();
    expect(header().getByRole('menuitem', { name: 'Security' }).getAttribute('href')).toBe('/account/profile/security');
  });

  it('shows the stored uid when there is one', async () => {
    signIn({ uid: '1000017' });
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: 'Account' }));
    expect(header().getByText('UID: 1000017')).toBeTruthy();
  });

  it('lists the asset links for a signed-in visitor', async () => {
    signIn();
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: 'Assets' }));
    const hrefs = ['My assets', 'Deposit', 'Withdraw', 'Transfer'].map((name) => header().getByRole('menuitem', { name }).getAttribute('href'));
    expect(hrefs).toEqual(['/assets', '/deposit', '/withdraw', '/transfer']);
  });

  it('logs out from both storages and reloads to /', async () => {
    const keys = ['authToken', 'user_id', 'uid', 'user', 'fullName'];
    for (const key of keys) {
      localStorage.setItem(key, 'x');
      sessionStorage.setItem(key, 'x');
    }
    localStorage.setItem('authToken', 'test-token');
    const assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: 'Account' }));
    await user.click(header().getByRole('menuitem', { name: 'Log out' }));
    for (const key of keys) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('opens the More menu with Products and Others and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const more = header().getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(header().getByText('Products')).toBeTruthy();
    expect(header().getByText('Others')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(header().queryByText('Products')).toBeNull();
  });

  it('keeps a menu closed and its items out of the tab order when its button only gets focus', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    const trade = header().getByRole('button', { name: 'Trade' });
    trade.focus();
    expect(trade.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(header().getByRole('button', { name: 'Discover' }));
    expect(header().queryByRole('menu')).toBeNull();
  });

  it('opens a menu with Enter on its first item, moves with the arrows and closes with Escape back on its button', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    const trade = header().getByRole('button', { name: 'Trade' });
    expect(trade.getAttribute('aria-haspopup')).toBe('menu');
    trade.focus();
    await user.keyboard('{Enter}');
    const menu = header().getByRole('menu', { name: 'Trade' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/conversion', '/spot-trading', '/future-trading']);
    expect(items.every((item) => item.tabIndex === -1)).toBe(true);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{Escape}');
    expect(trade.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trade);
  });

  it('opens a menu on its last item with ArrowUp and on its first with Space', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    const grow = header().getByRole('button', { name: 'Grow' });
    grow.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toMatch(/^Simple Earn/);
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(document.activeElement?.textContent).toMatch(/^Earn/);
  });

  it('closes a menu when Tab leaves it', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    const trade = header().getByRole('button', { name: 'Trade' });
    trade.focus();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(header().queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(header().getByRole('button', { name: 'Discover' }));
  });

  it('lists the announcements the server sends and the More announcements link', async () => {
    const notifications = [1, 2, 3, 4, 5].map((id) => ({ id, title: `Announcement ${id}`, time: '2025-05-0' + id + ' 10:00', path: `/help/item-${id}` }));
    const realFetch = globalThis.fetch;
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/v1/notifications')
        ? Promise.resolve(new Response(JSON.stringify(notifications), { status: 200, headers: { 'Content-Type': 'application/json' } }))
        : realFetch(input, init),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: /Notifications/ }));
    const panel = header().getByText('Announcements').parentElement as HTMLElement;
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0] as HTMLElement).getByRole('link').getAttribute('href')).toBe('/help/item-1');
    expect(within(items[0] as HTMLElement).getByText('Announcement 1')).toBeTruthy();
    expect(header().getByRole('link', { name: 'More announcements' }).getAttribute('href')).toBe('/help/category/announcements');
  });

  it('opens the coming-soon modal from a More entry and closes it with OK', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: 'More' }));
    await user.click(header().getByRole('menuitem', { name: /Launchpad/ }));
    const dialog = await screen.findByRole('dialog', { name: 'COMING SOON' });
    expect(within(dialog).getByText(/working hard on this feature/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(header().getByRole('button', { name: 'More' }));
  });

  it('gives focus back to the button that opened a dialog when it closes', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const globe = header().getByRole('button', { name: 'Language and currency' });
    globe.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Language and currency' });
    expect(document.activeElement).not.toBe(globe);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(globe);
  });

  it('switches currency in the language modal', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: 'Language and currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Language and currency' });
    expect(within(dialog).getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('tab', { name: 'Currency' }));
    expect(within(dialog).getByRole('radio', { name: 'USD' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('radio', { name: 'JPY' }));
    expect(within(dialog).getByRole('radio', { name: 'JPY' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('radio', { name: 'USD' }).getAttribute('aria-checked')).toBe('false');
  });

  it('moves between the language modal\'s tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(header().getByRole('button', { name: 'Language and currency' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Language and currency' }));
    const language = dialog.getByRole('tab', { name: 'Language' });
    const currency = dialog.getByRole('tab', { name: 'Currency' });
    expect([language.tabIndex, currency.tabIndex]).toEqual([0, -1]);
    language.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(currency);
    expect(currency.getAttribute('aria-selected')).toBe('true');
    expect(dialog.getByRole('radio', { name: 'USD' })).toBeTruthy();
    expect([language.tabIndex, currency.tabIndex]).toEqual([-1, 0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(language);
    expect(dialog.getByRole('radio', { name: 'English' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(currency);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(language);
    expect(language.getAttribute('aria-selected')).toBe('true');
  });
});

describe('footer', () => {
  function stubNarrowScreen() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 767px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  it('folds the columns into an accordion on narrow screens', async () => {
    stubNarrowScreen();
    const user = userEvent.setup();
    renderAt('/');
    const footer = within(await screen.findByRole('contentinfo'));
    const about = footer.getByRole('button', { name: 'About Us' });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(footer.queryByRole('button', { name: 'Careers' })).toBeNull();
    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    expect(footer.getByRole('button', { name: 'Careers' })).toBeTruthy();
    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(footer.queryByRole('button', { name: 'Careers' })).toBeNull();
  });

  it('shows every column open on wide screens', async () => {
    renderAt('/');
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.queryByRole('button', { name: 'About Us' })).toBeNull();
    expect(footer.getByRole('heading', { name: 'About Us' })).toBeTruthy();
    expect(footer.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/download');
  });
});

describe('page titles', () => {
  it.each([
    ['/market', 'Markets | Nexa'],
    ['/login', 'Log in | Nexa'],
    ['/signup', 'Sign up | Nexa'],
    ['/assets', 'Assets | Nexa'],
    ['/transfer', 'Transfer | Nexa'],
    ['/download', 'Download the app | Nexa'],
    ['/earn/simple-earn', 'Simple Earn | Nexa'],
    ['/account/api', 'API Management | Nexa'],
    ['/no-such-page', 'Page not found | Nexa'],
  ])('gives %s the title %s', async (path, title) => {
    renderAt(path);
    // Each page is a lazy chunk, slow to load on a busy machine.
    await waitFor(() => expect(document.title).toBe(title), { timeout: 5000 });
  });

  it('reads the new page title in a polite live region after a navigation, not on the first page', async () => {
    const router = renderAt('/download');
    await waitFor(() => expect(document.title).toBe('Download the app | Nexa'), { timeout: 5000 });
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('');
    await act(() => router.navigate('/market'));
    await waitFor(() => expect(announcer.textContent).toBe('Markets | Nexa'), { timeout: 5000 });
  });
});

describe('routes', () => {
  it('renders the coming-soon screen for pages of later issues', async () => {
    renderAt('/earn/structured');
    expect(await screen.findByRole('heading', { name: 'COMING SOON' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it.each(['/account/profile/preferences', '/account/profile/sub-accounts', '/account/profile/third-party'])(
    'renders the placeholder text on %s',
    async (path) => {
      renderAt(path);
      expect(await screen.findByText(comingSoonText)).toBeTruthy();
    },
  );

  it('renders a 404 page for unknown paths', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('renders the embedded chart route without header and footer', async () => {
    renderAt('/tradingviewEmbed');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('BTC/USDT');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows a download QR code on /download', async () => {
    renderAt('/download');
    expect(await screen.findByRole('heading', { name: /Trade anytime/ })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(await main.findByTitle('QR code to download the app')).toBeTruthy();
  });
});
