import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { privateWsChannel } from '@exchange/contract';
import { scopes } from './keys';
import { invalidateAfterPush, scopesStaleAfter } from './privateInvalidation';

const client = new QueryClient();

function cache(...key: unknown[]): readonly unknown[] {
  client.setQueryData(key, 'answer');
  return key;
}

const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

afterEach(() => client.clear());

describe('invalidateAfterPush', () => {
  it('makes every coin of every user stale after an orders or fills push, and leaves the deposit history', async () => {
    for (const channel of ['orders', 'fills'] as const) {
      const btc = cache(scopes.spotWallet, 42, 1);
      const eth = cache(scopes.spotWallet, 42, 2);
      const wallets = cache(scopes.userWallets, '42');
      const deposits = cache(scopes.depositHistory, '42');
      await invalidateAfterPush(client, channel);
      expect([stale(btc), stale(eth), stale(wallets)]).toEqual([true, true, true]);
      expect(stale(deposits)).toBe(false);
      client.clear();
    }
  });

  it('makes the deposit history stale after a deposits push', async () => {
    const deposits = cache(scopes.depositHistory, '42');
    const spot = cache(scopes.spotWallet, 42, 1);
    await invalidateAfterPush(client, 'deposits');
    expect(stale(deposits)).toBe(true);
    expect(stale(spot)).toBe(false);
  });

  it('makes the positions stale after a positions push', async () => {
    const positions = cache(scopes.futuresPositions, 42, 0);
    await invalidateAfterPush(client, 'positions');
    expect(stale(positions)).toBe(true);
  });

  it('makes the open orders and the positions stale after a futures-orders push, and the history after a positions push', async () => {
    const orders = cache(scopes.futuresOpenOrders, 42);
    const list = cache(scopes.futuresPositions, 'list', 42, 0);
    const history = cache(scopes.futuresPositionHistory, 42);
    await invalidateAfterPush(client, 'futures-orders');
    expect([stale(orders), stale(list), stale(history)]).toEqual([true, true, false]);
    await invalidateAfterPush(client, 'positions');
    expect(stale(history)).toBe(true);
  });

  it('gives every private channel that moves money the user wallets to refresh, and the notifications channel only its own lists', () => {
    for (const channel of privateWsChannel.options.filter((c) => c !== 'notifications')) expect(scopesStaleAfter(channel)).toContain(scopes.userWallets);
    expect(scopesStaleAfter('notifications')).toEqual([scopes.userNotifications]);
  });
});
