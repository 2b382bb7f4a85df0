import type { Database } from '../../db/database.js';
import { balancesOf, type BalanceRow } from '../../ledger/accounts.js';
import { sendBounded } from '../../plugins/ws-send.js';
import { tradingAccount, type PriceOf } from '../api-keys/index.js';
import { pushFrame } from './frames.js';
import type { Conn, Subscription, WsHub } from './hub.js';

export interface BalanceFeedDeps {
  db: Database;
  hub: WsHub;
  priceOf: PriceOf;
  now: () => Date;
  onError: (err: unknown) => void;
}

/** The `account` push of one subscription: OKX's trading account (spot and futures wallets), of one currency when it asked for one. */
function accountPush(sub: Subscription, rows: readonly BalanceRow[], deps: BalanceFeedDeps): string {
  const only = sub.arg.ccy ? new Set([sub.arg.ccy.toUpperCase()]) : null;
  return pushFrame(sub.arg, [tradingAccount(rows, only, deps.priceOf, deps.now())]);
}

/** The `balance_and_position` push: each currency's cash balance; positions are on the `positions` channel. */
function balanceAndPositionPush(sub: Subscription, rows: readonly BalanceRow[], eventType: string, deps: BalanceFeedDeps): string {
  const account = tradingAccount(rows, null, deps.priceOf, deps.now());
  const balData = account.details.map((d) => ({ ccy: d.ccy, cashBal: d.cashBal, uTime: d.uTime }));
  return pushFrame(sub.arg, [{ pTime: account.uTime, eventType, balData, posData: [], trades: [] }]);
}

/**
 * The `account` and `balance_and_position` channels: when a user's balances changed (an order of
 * theirs committed, a deposit, a withdrawal, a position), their balances are read once, and only if
 * a socket of theirs here subscribed; changes that come while a read is running are covered by one
 * more read after it. Never a read per socket or per interval.
 */
export class BalanceFeed {
  private readonly reading = new Set<string>();
  private readonly again = new Map<string, string>();

  constructor(private readonly deps: BalanceFeedDeps) {}

  changed(userId: string, eventType = 'filled'): void {
    const { hub } = this.deps;
    if (!hub.wants(userId, 'account') && !hub.wants(userId, 'balance_and_position')) return;
    if (this.reading.has(userId)) {
      this.again.set(userId, eventType);
      return;
    }
    this.reading.add(userId);
    void this.readAndPush(userId, eventType);
  }

  /** The first push of a new subscription, as OKX sends one. */
  async snapshot(conn: Conn, sub: Subscription): Promise<void> {
    if (!conn.caller) return;
    const rows = await balancesOf(this.deps.db, conn.caller.userId);
    sendBounded(conn.socket, sub.channel === 'account' ? accountPush(sub, rows, this.deps) : balanceAndPositionPush(sub, rows, 'snapshot', this.deps));
  }

  private async readAndPush(userId: string, eventType: string): Promise<void> {
    try {
      const rows = await balancesOf(this.deps.db, userId);
      for (const { conn, sub } of this.deps.hub.subscriptions(userId, 'account')) sendBounded(conn.socket, accountPush(sub, rows, this.deps));
      for (const { conn, sub } of this.deps.hub.subscriptions(userId, 'balance_and_position')) {
        sendBounded(conn.socket, balanceAndPositionPush(sub, rows, eventType, this.deps));
      }
    } catch (err) {
      this.deps.onError(err);
    } finally {
      this.reading.delete(userId);
      const next = this.again.get(userId);
      if (next !== undefined) {
        this.again.delete(userId);
        this.changed(userId, next);
      }
    }
  }
}
