import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENTS_MAX,
  DEFAULT_API_KEY,
  adminAnnouncementResponse,
  adminAnnouncementsResponse,
  helpAnnouncementsResponse,
  helpArticleResponse,
  notificationsResponse,
  type AuditResponse,
} from '@exchange/contract';
import { manualClock, startApp, type DbKind, type TestApp } from '../helpers.js';
import { auditRows, admin, makeOperator, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('announcements written in the console on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let chief: TestOperator;
  let support: TestOperator;

  const get = (url: string) => t.app.inject({ url: `/api/v1${url}${url.includes('?') ? '&' : '?'}apikey=${DEFAULT_API_KEY}` });
  const auditCount = () => auditRows(t.app);
  const draft = (slug: string, extra: Record<string, unknown> = {}) => ({
    slug,
    title: `Title of ${slug}`,
    summary: 'A short summary',
    category: 'product-updates',
    body: '## News\n\nSee [the markets](/markets).',
    ...extra,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await admin(t.app, chief.token, 'POST', '/announcements', body);
    expect(res.statusCode, res.body).toBe(200);
    return adminAnnouncementResponse.parse(res.json()).announcement;
  };

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    support = await makeOperator(t.app, clock, ['support'], 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a draft out of the help centre, publishes it at the top with the notifications, and unpublishes it', async () => {
    const made = await create(draft('console-news'));
    expect(made).toMatchObject({ slug: 'console-news', published_at: null, updated_by: chief.email });
    expect(made.id).toBeGreaterThanOrEqual(1_000_000);
    expect((await get('/help/articles/console-news')).statusCode).toBe(404);

    clock.advance(60_000);
    const published = await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const article = helpArticleResponse.parse((await get('/help/articles/console-news')).json());
    expect(article).toMatchObject({ id: made.id, title: 'Title of console-news', category: 'product-updates', path: '/help/console-news' });
    expect(article.html).toContain('<h2>News</h2>');
    expect(article.html).toContain('<a href="/markets">the markets</a>');
    expect(article.time).toBe(clock.now().toISOString().slice(0, 16).replace('T', ' '));
    const first = helpAnnouncementsResponse.parse((await get('/help/announcements?category=product-updates')).json());
    expect(first.items[0]?.slug).toBe('console-news');
    expect(notificationsResponse.parse((await get('/notifications')).json())[0]).toMatchObject({ id: made.id, path: '/help/console-news' });
    expect((await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/publish`)).statusCode).toBe(409);

    const edited = await admin(t.app, chief.token, 'PUT', `/announcements/${made.id}`, draft('console-news', { title: 'Corrected title' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(helpArticleResponse.parse((await get('/help/articles/console-news')).json()).title).toBe('Corrected title');

    expect((await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/unpublish`)).statusCode).toBe(200);
    expect((await get('/help/articles/console-news')).statusCode).toBe(404);
    expect((await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/unpublish`)).statusCode).toBe(409);
    const list = adminAnnouncementsResponse.parse((await admin(t.app, chief.token, 'GET', '/announcements')).json());
    expect(list.items.find((a) => a.id === made.id)).toMatchObject({ title: 'Corrected title', published_at: null });
  });

  it('writes each change’s audit row with it, and none for a refused change', async () => {
    const made = await create(draft('audited-news'));
    await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/publish`);
    const audit = (await admin(t.app, chief.token, 'GET', '/audit?target=audited-news')).json() as AuditResponse;
    expect(audit.items.map((r) => r.action)).toEqual(['announcements.publish', 'announcements.create']);
    expect(audit.items[0]).toMatchObject({ operator: chief.email, role: 'admin', target: `announcement:${made.id} audited-news`, before: { published_at: null } });
    expect(audit.items[1]?.after).toMatchObject({ slug: 'audited-news', body_length: made.body.length });

    const before = await auditCount();
    const taken = await admin(t.app, chief.token, 'POST', '/announcements', draft('audited-news'));
    expect(taken.statusCode).toBe(409);
    expect((taken.json() as { message: string }).message).toMatch(/slug/);
    expect((await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/publish`)).statusCode).toBe(409);
    expect((await admin(t.app, chief.token, 'PUT', '/announcements/999999999', draft('nowhere'))).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('takes the place of a content file with the same slug while published', async () => {
    const file = helpArticleResponse.parse((await get('/help/articles/help-centre-launch')).json());
    const total = helpAnnouncementsResponse.parse((await get('/help/announcements')).json()).total;
    const made = await create(draft('help-centre-launch', { title: 'The help centre, corrected', category: file.category }));
    await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/publish`);
    expect(helpArticleResponse.parse((await get('/help/articles/help-centre-launch')).json()).title).toBe('The help centre, corrected');
    expect(helpAnnouncementsResponse.parse((await get('/help/announcements')).json()).total).toBe(total);
    await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/unpublish`);
    expect(helpArticleResponse.parse((await get('/help/articles/help-centre-launch')).json()).title).toBe(file.title);
  });

  it('renders Markdown the help centre’s safe way: raw HTML as text, no script link, no image', async () => {
    const body = '<script>alert(1)</script>\n\n[click](javascript:alert(1)) ![x](https://evil.example/x.png) <img src=x onerror=alert(1)>';
    const res = await admin(t.app, chief.token, 'POST', '/announcements/preview', { body });
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    const made = await create(draft('unsafe-news', { body }));
    await admin(t.app, chief.token, 'POST', `/announcements/${made.id}/publish`);
    expect(helpArticleResponse.parse((await get('/help/articles/unsafe-news')).json()).html).toBe(html);
  });

  it('refuses what is out of bounds in plain words, and past the count limit', async () => {
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await admin(t.app, chief.token, 'POST', '/announcements', body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    };
    await refused(draft('long-title', { title: 'x'.repeat(201) }), /title must be at most 200/);
    await refused(draft('long-body', { body: 'x'.repeat(ANNOUNCEMENT_BODY_MAX + 1) }), /body must be at most/);
    await refused(draft('Not A Slug'), /slug must be lower-case/);
    await refused(draft('no-category', { category: 'gossip' }), /category must be/);
    await refused(draft('empty-body', { body: '  \n ' }), /body is required/);
    expect((await admin(t.app, chief.token, 'POST', '/announcements/preview', { body: 'x'.repeat(ANNOUNCEMENT_BODY_MAX + 1) })).statusCode).toBe(400);

    const db = t.app.services.db;
    const have = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM help_announcements')).rows[0]?.n);
    await db.query(
      `INSERT INTO help_announcements (slug, title, summary, category, language, body, html, created_at, updated_at, updated_by)
       SELECT 'filler-' || i, 't', 's', 'guides', 'en', 'b', '<p>b</p>', now(), now(), 'test' FROM generate_series(1, $1::int) AS i`,
      [ANNOUNCEMENTS_MAX - have],
    );
    const full = await admin(t.app, chief.token, 'POST', '/announcements', draft('one-too-many'));
    expect(full.statusCode).toBe(409);
    expect((full.json() as { message: string }).message).toMatch(/At most 500 announcements/);
  });

  it('is for the content.manage right: support is refused', async () => {
    expect((await admin(t.app, support.token, 'GET', '/announcements')).statusCode).toBe(403);
    expect((await admin(t.app, support.token, 'POST', '/announcements', draft('by-support'))).statusCode).toBe(403);
  });
});
