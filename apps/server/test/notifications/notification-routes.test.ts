import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, notificationMessages, USER_NOTIFICATIONS_KEPT, USER_NOTIFICATIONS_PAGE_MAX } from '@exchange/contract';
import { recordNotification, type NewNotification } from '../../src/modules/notifications/index.js';
import { bearer, signUpUser, startApp, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { listOf, markAllRead, markRead } from './notification-helpers.js';

describe('the notifications’ calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  const keep = async (user: SignedUpUser, count: number) => {
    for (let i = 0; i < count; i++) {
      const n: NewNotification = { userId: user.userId, at: new Date(), body: { code: 'deposit_credited', params: { symbol: 'USDT', amount: String(i + 1), network: 'TRC20' } } };
      await recordNotification(t.app.services.db, n);
    }
  };
  const unreadOf = async (user: SignedUpUser) => {
    const res = await t.app.inject({ url: `/api/v1/user-notifications/unread?apikey=${DEFAULT_API_KEY}&uid=${user.uid}`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { unread: number }).unread;
  };

  it(`keeps the newest ${USER_NOTIFICATIONS_KEPT} per user, and lists them a bounded page at a time`, async () => {
    const u = await signUpUser(t.app, 'many');
    await keep(u, USER_NOTIFICATIONS_KEPT + 5);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await listOf(t.app, u, { limit: String(USER_NOTIFICATIONS_PAGE_MAX), ...(before ? { before } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(USER_NOTIFICATIONS_PAGE_MAX);
      expect(page.unread).toBe(USER_NOTIFICATIONS_KEPT);
      seen.push(...page.items.map((n) => (n.code === 'deposit_credited' ? n.params.amount : '')));
      before = page.next_before;
    } while (before);
    expect(seen).toHaveLength(USER_NOTIFICATIONS_KEPT);
    // Newest first, and the five oldest dropped.
    expect(seen[0]).toBe(String(USER_NOTIFICATIONS_KEPT + 5));
    expect(seen.at(-1)).toBe('6');
    expect((await listOf(t.app, u)).items).toHaveLength(20);
  });

  it('refuses a page past the limit and a malformed cursor with a plain message', async () => {
    const u = await signUpUser(t.app, 'limits');
    for (const query of [`limit=${USER_NOTIFICATIONS_PAGE_MAX + 1}`, 'limit=0', 'before=abc']) {
      const res = await t.app.inject({ url: `/api/v1/user-notifications?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&${query}`, headers: bearer(u.token) });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/limit|before/);
    }
  });

  it('marks one read, then all, and the unread count follows', async () => {
    const u = await signUpUser(t.app, 'reader');
    await keep(u, 3);
    expect(await unreadOf(u)).toBe(3);
    const [newest] = (await listOf(t.app, u)).items;
    const one = await markRead(t.app, u, newest!.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ unread: 2 });
    expect((await listOf(t.app, u)).items.map((n) => n.read)).toEqual([true, false, false]);
    expect((await markRead(t.app, u, newest!.id)).json()).toEqual({ unread: 2 });
    const all = await markAllRead(t.app, u);
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unreadOf(u)).toBe(0);
  });

  it('never reads or marks another user’s notifications', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const intruder = await signUpUser(t.app, 'intruder');
    await keep(owner, 2);
    const [theirs] = (await listOf(t.app, owner)).items;
    // With the intruder's own uid: the id is not one of theirs.
    const byId = await markRead(t.app, intruder, theirs!.id);
    expect(byId.statusCode).toBe(404);
    expect((byId.json() as { message: string }).message).toBe(notificationMessages.notFound);
    // With the owner's uid: refused before anything is read.
    expect((await markRead(t.app, intruder, theirs!.id, owner.uid)).statusCode).toBe(403);
    expect((await markAllRead(t.app, intruder, owner.uid)).statusCode).toBe(403);
    const list = await t.app.inject({ url: `/api/v1/user-notifications?apikey=${DEFAULT_API_KEY}&uid=${owner.uid}`, headers: bearer(intruder.token) });
    expect(list.statusCode).toBe(403);
    expect((await markAllRead(t.app, intruder)).statusCode).toBe(200);
    expect(await unreadOf(owner)).toBe(2);
    expect((await listOf(t.app, intruder)).items).toEqual([]);
  });
});
