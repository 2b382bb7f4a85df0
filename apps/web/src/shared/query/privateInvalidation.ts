import type { PrivateWsChannel } from '@exchange/contract';
import type { QueryClient } from '@tanstack/react-query';
import { scopes, type Scope } from './keys';

const BALANCES: readonly Scope[] = [scopes.userWallets, scopes.walletBalances, scopes.ledgerHistory, scopes.ledgerHistoryPage];

/**
 * What each private channel's push makes stale. Every channel but the notifications moves balances. The funds pages
 * keep their coin balances themselves (reloaded when a deposit is credited or a withdrawal
 * changes), and the withdrawals push carries its row, which the page merges in place.
 */
const STALE_AFTER: Record<PrivateWsChannel, readonly Scope[]> = {
  orders: [scopes.spotWallet, ...BALANCES],
  fills: [scopes.spotWallet, ...BALANCES],
  positions: [scopes.futuresPositions, scopes.futuresPositionHistory, scopes.futuresFundingHistory, ...BALANCES],
  // A reduce-only order placed or canceled changes what of its position is free to close.
  'futures-orders': [scopes.futuresOpenOrders, scopes.futuresPositions, ...BALANCES],
  deposits: [scopes.depositHistory, ...BALANCES],
  withdrawals: BALANCES,
  notifications: [scopes.userNotifications],
};

export function scopesStaleAfter(channel: PrivateWsChannel): readonly Scope[] {
  return STALE_AFTER[channel];
}

/** Marks the channel's scopes stale: the ones on screen load again, the others on their next use. */
export function invalidateAfterPush(client: QueryClient, channel: PrivateWsChannel): Promise<void> {
  return Promise.all(scopesStaleAfter(channel).map((scope) => client.invalidateQueries({ queryKey: [scope] }))).then(() => undefined);
}
