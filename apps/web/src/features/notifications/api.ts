import {
  userNotificationsReadResponse,
  userNotificationsResponse,
  type UserNotificationsResponse,
} from '@exchange/contract';
import { apiRequest } from '../../shared/api/http';
import { browserStorage, readApiKey } from '../../shared/market/storage';

const BASE = '/api/v1/user-notifications';

export function fetchNotifications(uid: number, limit: number, before: string | undefined, signal?: AbortSignal): Promise<UserNotificationsResponse> {
  return apiRequest(BASE, { schema: userNotificationsResponse, auth: true, apikey: true, signal, query: { uid, limit, before } });
}

export async function markNotificationRead(uid: number, id: string): Promise<number> {
  return (await apiRequest(`${BASE}/${encodeURIComponent(id)}/read`, { method: 'POST', schema: userNotificationsReadResponse, auth: true, body: { apikey: readApiKey(browserStorage()), uid } })).unread;
}

export async function markAllNotificationsRead(uid: number): Promise<number> {
  return (await apiRequest(`${BASE}/read-all`, { method: 'POST', schema: userNotificationsReadResponse, auth: true, body: { apikey: readApiKey(browserStorage()), uid } })).unread;
}
