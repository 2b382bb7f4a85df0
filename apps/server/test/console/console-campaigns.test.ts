import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGNS_MAX, DEFAULT_API_KEY, adminCampaignResponse, adminCampaignsResponse, campaignsResponse, type AuditResponse } from '@exchange/contract';
import { manualClock, startApp, type DbKind, type TestApp } from '../helpers.js';
import { auditRows, admin, makeOperator, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('campaigns written in the console on %s', (kind) => {
  const clock = manualClock(Date.parse('2026-06-15T12:00:00Z'));
  let t: TestApp;
  let chief: TestOperator;
  let support: TestOperator;

  const running = async () => campaignsResponse.parse((await t.app.inject({ url: `/api/v1/campaigns?apikey=${DEFAULT_API_KEY}` })).json());
  const runningSlug = async (slug: string) => (await running()).find((c) => c.slug === slug);
  const auditCount = () => auditRows(t.app);
  const draft = (slug: string, extra: Record<string, unknown> = {}) => ({
    slug,
    title: `Title of ${slug}`,
    summary: 'A short summary',
    reward: '10 USDT',
    starts: '2026-06-01',
    ends: '2026-06-30',
    path: '/markets',
    body: '## Rules\n\nSee [the markets](/markets).',
    ...extra,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await admin(t.app, chief.token, 'POST', '/campaigns', body);
    expect(res.statusCode, res.body).toBe(200);
    return adminCampaignResponse.parse(res.json()).campaign;
  };
  const publish = async (id: number, yes = true) => {
    const res = await admin(t.app, chief.token, 'POST', `/campaigns/${id}/${yes ? 'publish' : 'unpublish'}`);
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    support = await makeOperator(t.app, clock, ['support'], 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a draft off the campaign page, serves it once published, rewritten at once, and takes it off when unpublished', async () => {
    const made = await create(draft('summer-trade'));
    expect(made).toMatchObject({ slug: 'summer-trade', starts: '2026-06-01', ends: '2026-06-30', published_at: null, updated_by: chief.email });
    expect(await runningSlug('summer-trade')).toBeUndefined();

    await publish(made.id);
    const shown = await runningSlug('summer-trade');
    expect(shown).toMatchObject({ title: 'Title of summer-trade', reward: '10 USDT', starts: '2026-06-01', ends: '2026-06-30', path: '/markets' });
    expect(shown?.html).toContain('<h2>Rules</h2>');
    expect(shown?.html).toContain('<a href="/markets">the markets</a>');
    expect((await admin(t.app, chief.token, 'POST', `/campaigns/${made.id}/publish`)).statusCode).toBe(409);

    const edited = await admin(t.app, chief.token, 'PUT', `/campaigns/${made.id}`, draft('summer-trade', { title: 'Corrected title', ends: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await runningSlug('summer-trade')).toMatchObject({ title: 'Corrected title', ends: null });

    await publish(made.id, false);
    expect(await runningSlug('summer-trade')).toBeUndefined();
    expect((await admin(t.app, chief.token, 'POST', `/campaigns/${made.id}/unpublish`)).statusCode).toBe(409);
    const list = adminCampaignsResponse.parse((await admin(t.app, chief.token, 'GET', '/campaigns')).json());
    expect(list.items.find((c) => c.id === made.id)).toMatchObject({ title: 'Corrected title', published_at: null });
  });

  it('serves a published campaign only between its start and end days', async () => {
    const later = await create(draft('autumn-trade', { starts: '2026-09-01', ends: null }));
    const over = await create(draft('spring-trade', { starts: '2026-03-01', ends: '2026-06-14' }));
    await publish(later.id);
    await publish(over.id);
    expect(await runningSlug('autumn-trade')).toBeUndefined();
    expect(await runningSlug('spring-trade')).toBeUndefined();
  });

  it('takes the place of a campaign file with the same slug while published', async () => {
    const file = await runningSlug('invite-friends');
    expect(file).toBeDefined();
    const count = (await running()).length;
    const made = await create(draft('invite-friends', { title: 'Invite friends, corrected' }));
    await publish(made.id);
    expect((await runningSlug('invite-friends'))?.title).toBe('Invite friends, corrected');
    expect((await running()).length).toBe(count);
    await publish(made.id, false);
    expect((await runningSlug('invite-friends'))?.title).toBe(file?.title);
  });

  it('writes each change’s audit row with it, and none for a refused change', async () => {
    const made = await create(draft('audited-campaign'));
    await publish(made.id);
    const audit = (await admin(t.app, chief.token, 'GET', '/audit?target=audited-campaign')).json() as AuditResponse;
    expect(audit.items.map((r) => r.action)).toEqual(['campaigns.publish', 'campaigns.create']);
    expect(audit.items[0]).toMatchObject({ operator: chief.email, role: 'admin', target: `campaign:${made.id} audited-campaign`, before: { published_at: null } });
    expect(audit.items[1]?.after).toMatchObject({ slug: 'audited-campaign', reward: '10 USDT', body_length: made.body.length });

    const before = await auditCount();
    const taken = await admin(t.app, chief.token, 'POST', '/campaigns', draft('audited-campaign'));
    expect(taken.statusCode).toBe(409);
    expect((taken.json() as { message: string }).message).toMatch(/slug/);
    expect((await admin(t.app, chief.token, 'POST', `/campaigns/${made.id}/publish`)).statusCode).toBe(409);
    expect((await admin(t.app, chief.token, 'PUT', '/campaigns/999999999', draft('nowhere'))).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('refuses what is out of bounds in plain words, and past the count limit', async () => {
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await admin(t.app, chief.token, 'POST', '/campaigns', body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    };
    await refused(draft('long-reward', { reward: 'x'.repeat(201) }), /reward must be at most 200/);
    await refused(draft('bad-day', { starts: '2026-02-30' }), /start day must be a day/);
    await refused(draft('backwards', { starts: '2026-06-10', ends: '2026-06-09' }), /end day must not be before/);
    await refused(draft('elsewhere', { path: '//evil.example/x' }), /path of this site/);
    await refused(draft('scheme', { path: 'https://evil.example' }), /path of this site/);
    await refused(draft('Not A Slug'), /slug must be lower-case/);
    await refused(draft('empty-body', { body: '  \n ' }), /body is required/);

    const db = t.app.services.db;
    const have = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM reward_campaigns')).rows[0]?.n);
    await db.query(
      `INSERT INTO reward_campaigns (slug, title, summary, reward, starts, path, body, html, created_at, updated_at, updated_by)
       SELECT 'filler-' || i, 't', 's', 'r', '2026-01-01', '/', 'b', '<p>b</p>', now(), now(), 'test' FROM generate_series(1, $1::int) AS i`,
      [CAMPAIGNS_MAX - have],
    );
    const full = await admin(t.app, chief.token, 'POST', '/campaigns', draft('one-too-many'));
    expect(full.statusCode).toBe(409);
    expect((full.json() as { message: string }).message).toMatch(/At most 200 campaigns/);
  });

  it('is for the content.manage right: support is refused', async () => {
    expect((await admin(t.app, support.token, 'GET', '/campaigns')).statusCode).toBe(403);
    expect((await admin(t.app, support.token, 'POST', '/campaigns', draft('by-support'))).statusCode).toBe(403);
  });
});
