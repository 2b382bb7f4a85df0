import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_KEY,
  HELP_PAGE_SIZE,
  helpAnnouncementsResponse,
  helpArticleResponse,
  helpMessages,
  notificationsResponse,
} from '@exchange/contract';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';

/** The help centre and the header's notifications, served from apps/server/content/help. */
describe('help centre routes', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}apikey=${DEFAULT_API_KEY}` });

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages the announcements 15 at a time, newest first, every item once', async () => {
    const first = helpAnnouncementsResponse.parse((await get('/api/v1/help/announcements')).json());
    expect(first.page).toBe(1);
    expect(first.items).toHaveLength(HELP_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(2 * HELP_PAGE_SIZE);
    expect(first.pages).toBe(Math.ceil(first.total / HELP_PAGE_SIZE));

    const seen: number[] = [];
    for (let page = 1; page <= first.pages; page++) {
      const res = helpAnnouncementsResponse.parse((await get(`/api/v1/help/announcements?page=${page}`)).json());
      expect(res.total).toBe(first.total);
      seen.push(...res.items.map((i) => i.id));
      const times = res.items.map((i) => i.time);
      expect(times).toEqual([...times].sort().reverse());
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    // The last page holds the remainder, not a full page.
    const last = helpAnnouncementsResponse.parse((await get(`/api/v1/help/announcements?page=${first.pages}`)).json());
    expect(last.items).toHaveLength(first.total - (first.pages - 1) * HELP_PAGE_SIZE);
  });

  it('answers a page past the last with no items and the totals', async () => {
    const res = helpAnnouncementsResponse.parse((await get('/api/v1/help/announcements?page=999')).json());
    expect(res.items).toEqual([]);
    expect(res.total).toBeGreaterThan(0);
  });

  it('filters by category', async () => {
    const guides = helpAnnouncementsResponse.parse((await get('/api/v1/help/announcements?category=guides')).json());
    expect(guides.total).toBe(5);
    expect(guides.items.every((i) => i.category === 'guides')).toBe(true);
  });

  it('refuses an unknown category or a bad page in plain words', async () => {
    const category = await get('/api/v1/help/announcements?category=gossip');
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toMatch(/category must be/);
    const page = await get('/api/v1/help/announcements?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe('page must be a whole number of 1 or more');
  });

  it('serves an article with its body as HTML, and states the guides’ facts', async () => {
    const res = await get('/api/v1/help/articles/funding-rate-explained');
    expect(res.statusCode).toBe(200);
    const article = helpArticleResponse.parse(res.json());
    expect(article.path).toBe('/help/funding-rate-explained');
    expect(article.html).toContain('<h2>');
    expect(article.html).toMatch(/4 hours/);
    expect(article.html).toMatch(/1\.5 %/);
    expect(article.html).toMatch(/0\.5 %/);
    const specs = helpArticleResponse.parse((await get('/api/v1/help/articles/perpetual-contract-specifications')).json());
    expect(specs.html).toContain('0.00001');
  });

  it('answers 404 "Article not found" for an unknown slug', async () => {
    const res = await get('/api/v1/help/articles/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(helpMessages.articleNotFound);
  });

  it('lists the five latest announcements as notifications, each a help path that resolves', async () => {
    const list = notificationsResponse.parse((await get('/api/v1/notifications')).json());
    expect(list).toHaveLength(5);
    const newest = helpAnnouncementsResponse.parse((await get('/api/v1/help/announcements')).json()).items.filter((i) => i.category !== 'guides');
    expect(list.map((n) => n.id)).toEqual(newest.slice(0, 5).map((i) => i.id));
    for (const n of list) {
      expect(n.path).toMatch(/^\/help\//);
      expect((await get(`/api/v1/help/articles/${n.path.slice('/help/'.length)}`)).statusCode).toBe(200);
    }
  });

  it('needs the apikey like every /api/v1 call', async () => {
    expect((await t.app.inject({ url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});
