import type { UserWalletsResponse } from '@exchange/contract';
import { apiRequest } from './http';
import { userWalletsAnswer } from './lightAnswers';

/** GET /user-wallets/{uid}: every coin row plus the totals in USDT. */
export function fetchUserWallets(uid: number, signal?: AbortSignal): Promise<UserWalletsResponse> {
  return apiRequest(`/api/v1/user-wallets/${uid}`, { schema: userWalletsAnswer, auth: true, apikey: true, signal });
}
