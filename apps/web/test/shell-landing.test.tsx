import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';
import { PENDING_REFRESH_MS } from '../src/features/landing/VerificationWatch';
import { stubFetch } from './auth-test-utils';

async function renderLanding() {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Global Crypto Derivatives Exchange' });
  return router;
}

const hero = () => within(screen.getByRole('region', { name: 'Global Crypto Derivatives Exchange' }));
const href = (el: HTMLElement) => el.getAttribute('href');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('landing hero and bottom banner', () => {
  it('prompts anonymous visitors to sign up, log in or try the demo', async () => {
    const user = userEvent.setup();
    const router = await renderLanding();
    expect(hero().getByText(/\$2,000/)).toBeTruthy();
    expect(href(hero().getByRole('link', { name: 'Log In' }))).toBe('/login');
    expect(href(hero().getByRole('link', { name: /demo trading/ }))).toBe('/spot-trading');
    const banner = within(await screen.findByRole('region', { name: 'Start your crypto journey today' }));
    expect(banner.getByText(/newcomer gifts worth up to \$2,000\./)).toBeTruthy();
    expect(href(banner.getByRole('link', { name: 'Sign up' }))).toBe('/signup');
    await user.type(hero().getByPlaceholderText('Email / Mobile number'), 'someone@example.com');
    await user.click(hero().getByRole('button', { name: 'Sign Up' }));
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('asks unverified visitors to verify', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user_id', '1');
    localStorage.setItem('is_verified', 'false');
    await renderLanding();
    expect(hero().getByRole('heading', { name: 'Account Verification Required' })).toBeTruthy();
    expect(hero().getByText(/usually takes only a few minutes/)).toBeTruthy();
    expect(href(hero().getByRole('link', { name: 'Verify Account' }))).toBe('/account/profile/verify');
    expect(href(hero().getByRole('link', { name: 'View Profile' }))).toBe('/account/profile');
    expect(hero().queryByPlaceholderText('Email / Mobile number')).toBeNull();
    expect(await screen.findByText('Complete your verification to unlock all trading features and higher withdrawal limits')).toBeTruthy();
    expect(href(screen.getByRole('link', { name: 'Verify Now' }))).toBe('/account/profile/verify');
  });

  it('tells a visitor whose documents are under review to wait, with its own look', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user_id', '1');
    localStorage.setItem('is_verified', 'pending');
    await renderLanding();
    const heading = hero().getByRole('heading', { name: 'Verification Under Review' });
    expect(heading.closest('.hero-status')?.classList.contains('hero-status--pending')).toBe(true);
    expect(hero().queryByRole('link', { name: 'Verify Account' })).toBeNull();
    expect(href(hero().getByRole('link', { name: 'View Status' }))).toBe('/account/profile/verify');
    expect(href(hero().getByRole('link', { name: 'Explore Markets' }))).toBe('/market');
    const banner = within(await screen.findByRole('region', { name: 'Verification under review' }));
    expect(banner.getByText(/unlock as soon as they are approved/)).toBeTruthy();
    expect(href(banner.getByRole('link', { name: 'View Status' }))).toBe('/account/profile/verify');
    expect(screen.queryByText(/Complete your verification/)).toBeNull();
  });

  it('gives verified visitors their shortcuts', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user_id', '1');
    localStorage.setItem('is_verified', 'true');
    await renderLanding();
    expect(hero().getByRole('heading', { name: 'Account Verified' })).toBeTruthy();
    const shortcuts = within(hero().getByRole('navigation', { name: 'Shortcuts' }));
    const targets = shortcuts.getAllByRole('link').map((link) => [link.textContent, href(link)]);
    expect(targets).toEqual([
      ['Start Trading', '/spot-trading'],
      ['View Dashboard', '/account/overview'],
      ['Deposit', '/deposit'],
      ['Transfer', '/transfer'],
      ['Assets', '/assets'],
      ['Profile', '/account/profile'],
    ]);
    expect(screen.queryByText(/Complete your verification/)).toBeNull();
    const banner = within(await screen.findByRole('region', { name: 'Your account is ready' }));
    expect(href(banner.getByRole('link', { name: 'Start Trading' }))).toBe('/spot-trading');
  });
});

describe('landing after a review', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the status again, so an approval made elsewhere shows Account Verified', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user_id', 'user-1');
    localStorage.setItem('is_verified', 'pending');
    const info = {
      user: { id: 'user-1', name: 'Ada', email: 'ada@example.com', uid: 42, referral_code: 'R', role: 'client', email_verified: true, created_at: '2026-01-01T00:00:00.000Z' },
      user_detail: { phone_number: null, user_country: 'PH', user_profile: null, tier: false, is_verified: 'true' },
    };
    const fetchMock = stubFetch({ '/getUserInformation/?user_id=user-1': { status: 200, body: info } });
    await renderLanding();
    expect(await hero().findByRole('heading', { name: 'Account Verified' })).toBeTruthy();
    expect(localStorage.getItem('is_verified')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/getUserInformation/'))).toBe(true);
  });

  it('asks again every 10 s while the review is pending, and stops once it is decided', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user_id', 'user-1');
    localStorage.setItem('is_verified', 'pending');
    let status = 'pending';
    const info = () => ({
      status: 200,
      body: {
        user: { id: 'user-1', name: 'Ada', email: 'ada@example.com', uid: 42, referral_code: 'R', role: 'client', email_verified: true, created_at: '2026-01-01T00:00:00.000Z' },
        user_detail: { phone_number: null, user_country: 'PH', user_profile: null, tier: false, is_verified: status },
      },
    });
    const fetchMock = stubFetch({ '/getUserInformation/?user_id=user-1': info });
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/getUserInformation/')).length;
    try {
      await renderLanding();
      await vi.waitFor(() => expect(reads()).toBe(1));
      await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS);
      await vi.waitFor(() => expect(reads()).toBe(2));
      expect(hero().getByRole('heading', { name: 'Verification Under Review' })).toBeTruthy();
      status = 'true';
      await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS);
      expect(await hero().findByRole('heading', { name: 'Account Verified' })).toBeTruthy();
      const settled = reads();
      await vi.advanceTimersByTimeAsync(3 * PENDING_REFRESH_MS);
      expect(reads()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('landing sections', () => {
  it('links the three get-started cards as the spec says', async () => {
    await renderLanding();
    const section = within(await screen.findByRole('region', { name: 'How to Get Started' }));
    const targets = section.getAllByRole('link').map(href);
    expect(targets).toEqual(['/login', '/deposit', '/spot-trading']);
  });

  it('lists the four services and three May 2025 news cards', async () => {
    await renderLanding();
    const services = within(screen.getByRole('region', { name: 'Our Services' }));
    for (const name of ['Spot Trading', 'Perpetual Futures', 'Earn', 'New Listing']) expect(services.getByText(name)).toBeTruthy();
    const news = within(screen.getByRole('region', { name: 'Latest News' }));
    const dates = news.getAllByRole('article').map((article) => article.querySelector('time')?.getAttribute('datetime'));
    expect(dates).toHaveLength(3);
    for (const date of dates) expect(date).toMatch(/^2025-05-/);
  });

  it('keeps one FAQ item open at a time, the first by default', async () => {
    const user = userEvent.setup();
    await renderLanding();
    const faq = within(screen.getByRole('region', { name: 'Frequently Asked Questions' }));
    const questions = () => faq.getAllByRole('button');
    const expanded = () => questions().map((q) => q.getAttribute('aria-expanded'));
    expect(expanded()).toEqual(['true', 'false', 'false', 'false', 'false']);
    await user.click(questions()[2] as HTMLElement);
    expect(expanded()).toEqual(['false', 'false', 'true', 'false', 'false']);
    expect(faq.getAllByRole('region')).toHaveLength(1);
    await user.click(questions()[2] as HTMLElement);
    expect(expanded()).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(faq.queryByRole('region')).toBeNull();
  });
});
