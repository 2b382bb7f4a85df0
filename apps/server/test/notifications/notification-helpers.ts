import { expect, vi } from 'vitest';
import { DEFAULT_API_KEY, userNotificationsResponse, type NotificationCode, type UserNotification } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { bearer, type SignedUpUser } from '../helpers.js';

export async function listOf(app: App, user: SignedUpUser, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ apikey: DEFAULT_API_KEY, uid: String(user.uid), ...query });
  const res = await app.inject({ url: `/api/v1/user-notifications?${params}`, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return userNotificationsResponse.parse(res.json());
}

/**
 * The user's newest notification of `code` that `matches`, once the notifier (which writes after the
 * flow committed) has kept it: an earlier one of the same code may be there first.
 */
export async function awaitNotification(app: App, user: SignedUpUser, code: NotificationCode, matches: (n: UserNotification) => boolean = () => true): Promise<UserNotification> {
  return vi.waitFor(
    async () => {
      const found = (await listOf(app, user, { limit: '50' })).items.find((n) => n.code === code && matches(n));
      if (!found) throw new Error(`no ${code} notification yet`);
      return found;
    },
    { timeout: 5_000, interval: 20 },
  );
}

export async function codesOf(app: App, user: SignedUpUser): Promise<string[]> {
  return (await listOf(app, user, { limit: '50' })).items.map((n) => n.code);
}

export function markRead(app: App, user: SignedUpUser, id: string, uid = user.uid) {
  return app.inject({ method: 'POST', url: `/api/v1/user-notifications/${id}/read`, headers: bearer(user.token), payload: { apikey: DEFAULT_API_KEY, uid } });
}

export function markAllRead(app: App, user: SignedUpUser, uid = user.uid) {
  return app.inject({ method: 'POST', url: '/api/v1/user-notifications/read-all', headers: bearer(user.token), payload: { apikey: DEFAULT_API_KEY, uid } });
}
