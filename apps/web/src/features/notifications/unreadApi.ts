// The count the header asks on every page, checked with zod's mini build: the contract's classic-zod
// schemas would put about 27 KB gzipped on the landing route (shared/api/lightAnswers.ts does the same).
import * as z from 'zod/mini';
import type { UserNotificationsUnreadResponse } from '@exchange/contract';
import { apiRequest } from '../../shared/api/http';

const unreadAnswer: z.ZodMiniType<UserNotificationsUnreadResponse> = z.object({ unread: z.number().check(z.int()) });

export async function fetchUnread(uid: number, signal?: AbortSignal): Promise<number> {
  return (await apiRequest('/api/v1/user-notifications/unread', { schema: unreadAnswer, auth: true, apikey: true, signal, query: { uid } })).unread;
}
