import { userWalletsResponse, type UserWalletsResponse } from '@exchange/contract';
import { walletFetch, walletUrl } from '../transfer/walletApi';

/** GET /api/v1/user-wallets/{uid}: every coin row plus the totals in USDT. */
export function fetchUserWallets(uid: number, signal?: AbortSignal): Promise<UserWalletsResponse> {
  return walletFetch(walletUrl(`/user-wallets/${uid}`), { schema: userWalletsResponse, signal });
}
