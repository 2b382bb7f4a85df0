import { securityOverviewResponse } from '@exchange/contract';
import { apiRequest } from './http';

/** GET /api/user_account/security?user_id=: the authenticator app, recovery codes left, the phrase, the withdrawal lock. */
export function fetchSecurityOverview(userId: string, signal?: AbortSignal) {
  return apiRequest('/api/user_account/security', { query: { user_id: userId }, schema: securityOverviewResponse, auth: true, signal });
}
