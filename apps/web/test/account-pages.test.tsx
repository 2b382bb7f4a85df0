import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  accountAreaMessages,
  accountMessages,
  authMessages,
  storageKeys,
  verificationMessages,
  type FeeTierResponse,
  type UserInformationResponse,
  type AssetBalance,
  type WalletPart,
} from '@exchange/contract';
import { routes } from '../src/app/routes';
import { ComingSoonProvider } from '../src/shared/coming-soon/ComingSoonProvider';
import { COPIED_FOR_MS } from '../src/shared/hooks/useCopy';
import { resetPageTest, sentBody, signInTestUser, stubFetch, type FakeAnswer } from './auth-test-utils';

/** The app's own routes, so the account tabs and lazy pages load as they do in the browser. */
async function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ComingSoonProvider>
      <RouterProvider router={router} />
    </ComingSoonProvider>,
  );
  await screen.findByRole('navigation', { name: 'Account' });
  return router;
}

const part = (available: string, held: WalletPart['held'] = []): WalletPart => ({
  available,
  held,
  total: String(held.reduce((sum, h) => sum + Number(h.amount), Number(available))),
});
const entry = (symbol: string, price: string, spot: string, future = '0', funding = '0'): AssetBalance => {
  const total = String(Number(spot) + Number(future) + Number(funding));
  return {
    symbol,
    name: `${symbol} coin`,
    coin_id: symbol.length,
    logo_path: '',
    price,
    funding: part(funding),
    spot: part(spot),
    futures: part(future),
    earn: '0',
    total,
    value: String(Number(total) * Number(price)),
  };
};
/** Seven coins held, one not: the five largest by value are listed, largest first. */
const entries = [
  entry('USDT', '1', '1500.5'),
  entry('BTC', '60000', '0.01', '0.005'),
  entry('ETH', '3000', '0', '0', '0.5'),
  entry('SOL', '150', '2'),
  entry('XRP', '0.5', '100'),
  entry('DOGE', '0.1', '10'),
  entry('ADA', '0.4', '0'),
  entry('PI', '0', '3'),
];
/** Funding holds 1,500 of which 300 for a withdrawal: the row says so, and the total is the sum of the rows. */
const totals = {
  funding: part('1200', [{ reason: 'withdrawal', amount: '300' }]),
  spot: part('2400.5'),
  futures: part('300'),
  earn: '0',
  total: '4200.5',
};

const info = (overrides: Partial<UserInformationResponse['user_detail']> = {}, name: string | null = 'Ada'): UserInformationResponse => ({
  user: { id: 'user-1', name, email: 'ada@example.com', uid: 42, referral_code: 'REF42XY', role: 'client', email_verified: true, created_at: '2026-01-01T00:00:00.000Z' },
  user_detail: { phone_number: '+63 917 555 0101', user_country: 'PH', user_profile: null, tier: false, is_verified: 'true', ...overrides },
});
const feeTier: FeeTierResponse = {
  tier: 'level_1',
  premium: false,
  window_days: 30,
  volume_usdt: '1250000.00',
  spot_volume_usdt: '1000000.00',
  futures_volume_usdt: '250000.00',
  assets_usdt: '4200.50',
  premium_volume_usdt: '5000000',
  premium_assets_usdt: '100000',
  spot_fee_rate: '0.001',
  spot_maker_rate: '0.001',
  spot_taker_rate: '0.001',
  futures_fee_rate: '0.0005',
  futures_maker_rate: '0.0005',
  futures_taker_rate: '0.0005',
  computed_at: '2026-01-10T00:00:00.000Z',
};
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetPageTest();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('account sub-navigation', () => {
  it('shows Overview, Profile, Security with its "New" badge and Verification, and marks the current one', async () => {
    await renderRoute('/account/profile/change-nickname');
    const tabs = within(screen.getByRole('navigation', { name: 'Account' }));
    const links = tabs.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/account/overview'],
      ['Profile', '/account/profile'],
      ['SecurityNew', '/account/profile/security'],
      ['Verification', '/account/profile/verify'],
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['Profile']);
  });

  it('puts the security pages under Security and the placeholders and API Management under Profile', async () => {
    const router = await renderRoute('/account/profile/security/change-password');
    const current = () => screen.getByRole('navigation', { name: 'Account' }).querySelector('[aria-current="page"]')?.textContent;
    expect(current()).toBe('SecurityNew');
    await act(() => router.navigate('/account/profile/sub-accounts'));
    expect(await screen.findByRole('heading', { name: 'Sub-accounts', level: 1 })).toBeTruthy();
    expect(screen.getByText('This feature is coming soon')).toBeTruthy();
    expect(current()).toBe('Profile');
    await act(() => router.navigate('/account/profile/api'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/api'));
    // A lazy page, slow to load on a busy machine.
    expect(await screen.findByRole('heading', { name: 'API Management', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(current()).toBe('Profile');
  });

  it('sends the Trade quick action on to spot trading', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/trading'] });
    stubFetch({});
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/spot-trading'));
  });
});

describe('account overview (/account/overview)', () => {
  it('says the user id is missing without a stored user, and asks nothing', async () => {
    const fetchMock = stubFetch({});
    await renderRoute('/account/overview');
    expect(await screen.findByRole('heading', { name: verificationMessages.userIdMissing })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the portfolio, the wallet totals, the quick actions and the five top assets; hides values as dots', async () => {
    signInTestUser();
    const fetchMock = stubFetch({ '/balances/42': ok({ assets: entries, totals }) });
    const user = userEvent.setup();
    await renderRoute('/account/overview');
    expect((await screen.findByTestId('portfolio-total')).textContent).toBe('$4,200.50');
    const cells = (wallet: string) => [...screen.getByTestId(`wallet-row-${wallet}`).querySelectorAll('td.num')].map((td) => td.textContent);
    expect(cells('spot')).toEqual(['2,400.50', '—', '2,400.50']);
    expect(cells('futures')).toEqual(['300.00', '—', '300.00']);
    expect(cells('funding')).toEqual(['1,200.00', 'Withdrawal 300.00', '1,500.00']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/v1\/balances\/42\?apikey=/);

    const actions = within(screen.getByRole('region', { name: 'Quick Actions' }));
    expect(actions.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Deposit', '/deposit'],
      ['Withdraw', '/withdraw'],
      ['Transfer', '/account/transfer'],
      ['Trade', '/trading'],
    ]);

    const top = within(screen.getByRole('region', { name: 'Top Assets' }));
    const rows = () => top.getAllByTestId('top-asset').map((row) => row.textContent);
    expect(top.getAllByTestId('top-asset').map((row) => row.querySelector('strong')?.textContent)).toEqual(['USDT', 'ETH', 'BTC', 'SOL', 'XRP']);
    expect(rows()[0]).toContain('1,500.5000');
    expect(rows()[0]).toContain('$1,500.50');
    expect(top.getByRole('link', { name: 'View all assets' }).getAttribute('href')).toBe('/assets');

    await user.click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(screen.getByRole('button', { name: 'Show balances' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('portfolio-total').textContent).toBe('••••••');
    expect(cells('futures')).toEqual(['••••••', '••••••', '••••••']);
    expect(rows()[0]).not.toContain('1,500');
    expect(rows()[0]).toContain('••••••');
    await user.click(screen.getByRole('button', { name: 'Show balances' }));
    expect(screen.getByTestId('portfolio-total').textContent).toBe('$4,200.50');
  });

  it('shows the error view, and Try Again loads again', async () => {
    signInTestUser();
    let fail = true;
    stubFetch({ '/balances/42': () => (fail ? { status: 500, body: { message: 'down' } } : ok({ assets: [], totals })) });
    const user = userEvent.setup();
    await renderRoute('/account/overview');
    expect((await screen.findByRole('alert')).textContent).toContain(accountAreaMessages.walletFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('You hold no assets yet.')).toBeTruthy();
  });
});

describe('profile (/account/profile)', () => {
  it('says the user id is missing without a stored user', async () => {
    stubFetch({});
    await renderRoute('/account/profile');
    expect(await screen.findByRole('heading', { name: verificationMessages.userIdMissing })).toBeTruthy();
  });

  it('shows nickname, ids, country and contact rows with their Change links, and the fee tier', async () => {
    signInTestUser();
    const fetchMock = stubFetch({ '/getUserInformation/?user_id=user-1': ok(info()) });
    await renderRoute('/account/profile');
    expect((await screen.findByTestId('profile-nickname')).textContent).toBe('Ada');
    const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(link('Change nickname')).toBe('/account/profile/change-nickname');
    expect(link('Change password')).toBe('/account/profile/security/change-password');
    expect(link('Change email')).toBe('/account/profile/security/change-email');
    for (const text of ['user-1', '42', 'REF42XY', 'Philippines', 'ada@example.com', '+63 917 555 0101']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByTestId('profile-fee-tier').textContent).toBe('Level 1');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    const more = within(screen.getByRole('region', { name: 'More settings' }));
    expect(more.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/account/profile/preferences',
      '/account/profile/sub-accounts',
      '/account/api',
      '/account/profile/third-party',
    ]);
  });

  it('copies the UID and says "Copied to clipboard!" for 2 seconds', async () => {
    signInTestUser();
    stubFetch({ '/getUserInformation/?user_id=user-1': ok(info()) });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await renderRoute('/account/profile');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(await screen.findByRole('button', { name: 'Copy UID' }));
    expect(writeText).toHaveBeenCalledWith('42');
    expect(await screen.findByText(accountAreaMessages.copied)).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(COPIED_FOR_MS - 200);
    });
    expect(screen.queryByText(accountAreaMessages.copied)).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText(accountAreaMessages.copied)).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Copy referral code$/i }));
    expect(writeText).toHaveBeenLastCalledWith('REF42XY');
  });

  it('opens the fee tier details with the figures of GET /fee-tier, the tier’s maker and taker rates among them', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/getUserInformation/?user_id=user-1': ok(info({ tier: true })),
      '/api/v1/fee-tier': ok({ ...feeTier, tier: 'premium', premium: true, spot_fee_rate: '0.00125', spot_maker_rate: '0.0008', spot_taker_rate: '0.00125', futures_fee_rate: '0.0006', futures_maker_rate: '0.0001', futures_taker_rate: '0.0006' }),
    });
    const user = userEvent.setup();
    await renderRoute('/account/profile');
    expect((await screen.findByTestId('profile-fee-tier')).textContent).toBe('Premium Tier');
    await user.click(screen.getByRole('button', { name: 'Fee tier details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trading fee tiers' }));
    expect((await dialog.findByTestId('fee-tier-current')).textContent).toBe('Premium Tier');
    expect(dialog.getByText('1,250,000.00 of 5,000,000 USDT')).toBeTruthy();
    expect(dialog.getByText('4,200.50 of 100,000 USDT')).toBeTruthy();
    expect(dialog.getByText('Spot 1,000,000.00 USDT, futures 250,000.00 USDT.')).toBeTruthy();
    const rows = dialog.getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows[0]).toBe('Level 1below 5,000,000 USDTor below 100,000 USDT');
    expect(rows[1]).toBe('Premium Tier5,000,000 USDT or moreand 100,000 USDT or more');
    expect(dialog.getByTestId('fee-tier-maker').textContent).toBe('0.08%');
    expect(dialog.getByTestId('fee-tier-taker').textContent).toBe('0.125%');
    expect(dialog.getByTestId('fee-tier-futures-maker').textContent).toBe('0.01%');
    expect(dialog.getByTestId('fee-tier-futures-taker').textContent).toBe('0.06%');
    expect(dialog.getAllByRole('row')[2]?.getAttribute('aria-current')).toBe('true');
    const tierCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/v1/fee-tier'));
    expect(String(tierCall?.[0])).toMatch(/uid=42/);
  });

  it('says "Failed to load data" in the fee tier details when they cannot load', async () => {
    signInTestUser();
    stubFetch({ '/getUserInformation/?user_id=user-1': ok(info()), '/api/v1/fee-tier': { status: 503, body: {} } });
    const user = userEvent.setup();
    await renderRoute('/account/profile');
    await user.click(await screen.findByRole('button', { name: 'Fee tier details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trading fee tiers' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(accountAreaMessages.dataFailed);
  });

  it('tells a malformed answer from a failed one', async () => {
    signInTestUser();
    let answer: FakeAnswer = ok({ user: { id: 'user-1' } });
    stubFetch({ '/getUserInformation/?user_id=user-1': () => answer });
    const user = userEvent.setup();
    await renderRoute('/account/profile');
    expect((await screen.findByRole('alert')).textContent).toContain(accountAreaMessages.userDataInvalid);
    answer = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(verificationMessages.fetchFailed));
  });

  it('shows the country details, the review status, and the coming-soon modal for the phone', async () => {
    signInTestUser();
    stubFetch({ '/getUserInformation/?user_id=user-1': ok(info({ is_verified: 'pending' }, null)) });
    const user = userEvent.setup();
    await renderRoute('/account/profile');
    expect((await screen.findByTestId('profile-nickname')).textContent).toBe('Not set');
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View status' }).getAttribute('href')).toBe('/account/profile/verify');
    expect(localStorage.getItem(storageKeys.isVerified)).toBe('pending');
    // The name is the visible words (axe: label-content-name-mismatch); the row's label describes it.
    const details = screen.getByRole('button', { name: 'View details', description: 'Country / region' });
    await user.click(details);
    const dialog = within(await screen.findByRole('dialog', { name: 'Country / region' }));
    expect(dialog.getByText('Philippines')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Change phone' }));
    expect(await screen.findByRole('heading', { name: 'COMING SOON' })).toBeTruthy();
  });

  it('shows the notice a change came back with', async () => {
    signInTestUser();
    stubFetch({ '/getUserInformation/?user_id=user-1': ok(info()) });
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/account/profile', state: { notice: accountMessages.profileUpdated } }] });
    render(
      <ComingSoonProvider>
        <RouterProvider router={router} />
      </ComingSoonProvider>,
    );
    expect((await screen.findByText(accountMessages.profileUpdated)).getAttribute('role')).toBe('status');
  });
});

describe('change nickname (/account/profile/change-nickname)', () => {
  it('starts from the current name, checks it, saves the name alone and goes back to the profile', async () => {
    signInTestUser();
    let saved = false;
    const fetchMock = stubFetch({
      '/getUserInformation/?user_id=user-1': () => ok(info({}, saved ? 'Countess' : 'Ada')),
      '/edit_profile/user=user-1': () => {
        saved = true;
        return ok({ success: true, message: accountMessages.profileUpdated, user: { name: 'Countess', phone_number: '+63 917 555 0101', profile_image: null } });
      },
    });
    const user = userEvent.setup();
    const router = await renderRoute('/account/profile/change-nickname');
    const field = await screen.findByLabelText('Nickname');
    expect(field).toHaveProperty('value', 'Ada');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.fillAllFields);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '  Countess ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    const index = fetchMock.mock.calls.findIndex(([url]) => String(url).includes('/edit_profile/'));
    expect(sentBody(fetchMock, index)).toEqual({ name: 'Countess' });
    expect(localStorage.getItem(storageKeys.fullName)).toBe('Countess');
    expect(await screen.findByText(accountMessages.profileUpdated)).toBeTruthy();
    expect((await screen.findByTestId('profile-nickname')).textContent).toBe('Countess');
  });

  it("shows the server's refusal and stays", async () => {
    signInTestUser();
    stubFetch({
      '/getUserInformation/?user_id=user-1': ok(info()),
      '/edit_profile/user=user-1': { status: 400, body: { message: 'Name must be at most 100 characters' } },
    });
    const user = userEvent.setup();
    const router = await renderRoute('/account/profile/change-nickname');
    await user.type(await screen.findByLabelText('Nickname'), ' L.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name must be at most 100 characters');
    expect(router.state.location.pathname).toBe('/account/profile/change-nickname');
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/account/profile');
  });
});
