import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { helpMessages, rewardMessages } from '@exchange/contract';
import AnnouncementsPage from '../src/features/help/AnnouncementsPage';
import ArticlePage from '../src/features/help/ArticlePage';
import { pageWindow } from '../src/features/help/categories';
import SignupPage from '../src/features/auth/pages/SignupPage';
import ReferralPage from '../src/features/rewards/ReferralPage';
import MyRewardsPage from '../src/features/rewards/MyRewardsPage';
import { activateLocale } from '../src/shared/i18n/i18n';
import { renderAt, resetPageTest, sentBody, signInTestUser, stubFetch } from './auth-test-utils';

afterEach(resetPageTest);

const item = (id: number) => ({
  id,
  slug: `item-${id}`,
  title: `Item ${id}`,
  summary: `Summary ${id}`,
  category: 'maintenance',
  time: '2025-05-01 10:00',
  path: `/help/item-${id}`,
  publishDate: '2025-05-01',
  readTime: 2,
  language: 'en',
});

describe('help centre pages', () => {
  it('shows one page of the category with its count and page links', async () => {
    const fetchMock = stubFetch({
      '/api/v1/help/announcements': {
        status: 200,
        body: { category: 'maintenance', items: Array.from({ length: 15 }, (_, i) => item(16 + i)), page: 2, per_page: 15, total: 48, pages: 4 },
      },
    });
    renderAt('/help/category/announcements?category=maintenance&page=2', '/help/category/announcements', <AnnouncementsPage />);
    expect(await screen.findByText('Showing 16-30 of 48 articles')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('category=maintenance&page=2');
    expect(screen.getByRole('link', { name: 'Item 16' }).getAttribute('href')).toBe('/help/item-16');
    const pager = screen.getByRole('navigation', { name: 'Announcement pages' });
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/help/category/announcements?category=maintenance&page=3');
    expect(within(pager).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/help/category/announcements?category=maintenance');
    const sidebar = screen.getByRole('navigation', { name: 'Help centre categories' });
    expect(within(sidebar).getByRole('link', { name: 'Maintenance' }).getAttribute('aria-current')).toBe('page');
  });

  it('labels items written in another language than the page’s, and only those', async () => {
    stubFetch({
      '/api/v1/help/announcements': {
        status: 200,
        body: { category: 'announcements', items: [item(1), { ...item(2), language: 'es' }], page: 1, per_page: 15, total: 2, pages: 1 },
      },
    });
    await activateLocale('es');
    try {
      renderAt('/help/category/announcements', '/help/category/announcements', <AnnouncementsPage />);
      const english = await screen.findByRole('link', { name: 'Item 1' });
      const labels = screen.getAllByTestId('help-language');
      expect(labels).toHaveLength(1);
      expect(english.closest('li')?.contains(labels[0]!)).toBe(true);
      expect(labels[0]!.textContent).toBe('English (no disponible en tu idioma)');
      expect(english.getAttribute('lang')).toBe('en');
      expect(screen.getByRole('link', { name: 'Item 2' }).getAttribute('lang')).toBe('es');
    } finally {
      await activateLocale('en');
    }
  });

  it('offers a retry when the list fails to load', async () => {
    stubFetch({ '/api/v1/help/announcements': { status: 500, body: { message: 'boom' } } });
    renderAt('/help/category/announcements', '/help/category/announcements', <AnnouncementsPage />);
    expect(await screen.findByText(helpMessages.loadAnnouncementsFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says "Article not found" for an unknown slug', async () => {
    stubFetch({ '/api/v1/help/articles/': { status: 404, body: { message: helpMessages.articleNotFound } } });
    renderAt('/help/no-such-article', '/help/:articleSlug', <ArticlePage />);
    expect(await screen.findByRole('heading', { name: helpMessages.articleNotFound })).toBeTruthy();
  });

  it('numbers the pages around the current one with gaps', () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
});

describe('referral and rewards pages', () => {
  it('fills in the code of a referral link and sends it with the sign-up', async () => {
    const fetchMock = stubFetch({ '/signup': { status: 201, body: { success: true, message: 'ok', user_id: 'u-1', token: 't' } } });
    const user = userEvent.setup();
    renderAt('/signup?ref=ABCD1234', '/signup', <SignupPage />);
    await user.selectOptions(screen.getByLabelText('Country / region'), 'DE');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((screen.getByLabelText('Referral code (optional)') as HTMLInputElement).value).toBe('ABCD1234');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(sentBody(fetchMock, 0)).toMatchObject({ referral_code: 'ABCD1234' });
  });

  it('shows the server’s refusal of an unknown code', async () => {
    stubFetch({ '/signup': { status: 400, body: { message: rewardMessages.unknownReferralCode, code: 'VALIDATION' } } });
    const user = userEvent.setup();
    renderAt('/signup?ref=ZZZZ9999', '/signup', <SignupPage />);
    await user.selectOptions(screen.getByLabelText('Country / region'), 'DE');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(rewardMessages.unknownReferralCode);
    expect(screen.getByLabelText('Referral code (optional)').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the code, the link and the referred users', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/v1/referrals': {
        status: 200,
        body: {
          referral_code: 'ABCD1234',
          referral_path: '/signup?ref=ABCD1234',
          referred: [{ email: 'f***d@example.com', joined_at: '2025-05-01T10:00:00.000Z', email_verified: true, identity_verified: false }],
        },
      },
    });
    renderAt('/pages/morePages/Referral', '/pages/morePages/Referral', <ReferralPage />);
    expect(await screen.findByText('ABCD1234')).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/signup?ref=ABCD1234`)).toBeTruthy();
    expect(screen.getByText('f***d@example.com')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Referred users (1)' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('uid=42');
  });

  it('asks a visitor to log in', () => {
    renderAt('/pages/morePages/MyRewards', '/pages/morePages/MyRewards', <MyRewardsPage />);
    expect(screen.getByRole('heading', { name: 'Log in to see your rewards' })).toBeTruthy();
  });

  it('lists the newcomer gift', async () => {
    signInTestUser();
    stubFetch({
      '/api/v1/rewards': { status: 200, body: [{ id: 'tx-1', kind: 'newcomer_gift', asset: 'USDT', amount: '10000', wallet: 'spot', created_at: '2025-05-01T10:00:00.000Z' }] },
    });
    renderAt('/pages/morePages/MyRewards', '/pages/morePages/MyRewards', <MyRewardsPage />);
    expect(await screen.findByText('Newcomer gift')).toBeTruthy();
    expect(screen.getByText(/10,000(\.0+)? USDT/)).toBeTruthy();
  });
});
