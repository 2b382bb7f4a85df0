import { useQuery } from '@tanstack/react-query';
import { WALLET_CACHE_MS, type UserWalletResponse } from '@exchange/contract';
import { queryClient } from '../../../shared/query/queryClient';
import { scopes } from '../../../shared/query/keys';
import { fetchSpotWallet } from '../api/spotApi';

export interface SpotBalances {
  /** USDT spot balance (usdtSpotBalance of spec 1 §3). */
  usdt: string;
  /** The coin's spot balance (cryptoSpotBalance). */
  crypto: string;
}

const ZERO: SpotBalances = { usdt: '0', crypto: '0' };

type LoadWallet = (uid: number, coinId: number, signal?: AbortSignal) => Promise<UserWalletResponse>;

function balancesOf(wallet: UserWalletResponse): SpotBalances {
  return { usdt: wallet.usdtWallet.spot_wallet, crypto: wallet.cryptoWallet.spot_wallet };
}

/**
 * After an order placed or canceled: forgets every coin of the user, not only the traded one (each
 * answer also carries the user's USDT balance), and the user's wallet list. A private orders or
 * fills push does the same (privateInvalidation.ts).
 */
export async function invalidateBalances(uid: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [scopes.spotWallet, uid] }),
    queryClient.invalidateQueries({ queryKey: [scopes.userWallets, String(uid)] }),
  ]);
}

/**
 * The spot balances of the signed-in user for one coin, kept 10 s per user and coin (spec 1 §7)
 * unless an order or a push makes them stale first. Visitors and failed calls read as zero
 * balances (spec 1 §8: "If wallet data fails, ... zero balances"); balances of another user or
 * coin are never shown while the new ones load.
 */
export function useSpotWallet(uid: number | null, coinId: number | null, load: LoadWallet = fetchSpotWallet): SpotBalances {
  const query = useQuery(
    {
      queryKey: [scopes.spotWallet, uid, coinId],
      queryFn: ({ signal }) => load(uid ?? 0, coinId ?? 0, signal),
      enabled: uid !== null && coinId !== null,
      staleTime: WALLET_CACHE_MS,
      select: balancesOf,
    },
    queryClient,
  );
  if (uid === null || coinId === null || query.isError) return ZERO;
  return query.data ?? ZERO;
}
