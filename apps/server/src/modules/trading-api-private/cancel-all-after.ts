import { userOrders } from '../spot/index.js';
import type { PlaceDeps } from './place-order.js';

/** OKX's bounds of the dead-man's switch, in seconds (0 turns it off). */
export const CANCEL_ALL_AFTER_MIN_S = 10;
export const CANCEL_ALL_AFTER_MAX_S = 120;
const PAGE = 100;

export interface SwitchDeps extends PlaceDeps {
  /** Runs the cancellations after the current turn, logged if they fail, awaited on close. */
  run(what: string, work: () => Promise<void>): void;
}

/** Cancels every open spot order of the user, page by page; an order that ended meanwhile is skipped. Answers the ids cancelled. */
export async function cancelAllOpen(deps: Pick<PlaceDeps, 'db' | 'trading'>, userId: string): Promise<string[]> {
  const canceled: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await userOrders(deps.db, true, { userId, after, limit: PAGE });
    for (const { order } of page) {
      try {
        await deps.trading.cancel({ kind: 'cancel', userId, orderId: order.id, instId: order.instId });
        canceled.push(order.id);
      } catch {
        // Filled or cancelled between the read and the cancel: nothing left to cancel.
      }
    }
    if (page.length < PAGE) return canceled;
    after = page[page.length - 1]?.order.id;
  }
}

/**
 * OKX's dead-man's switch (POST /trade/cancel-all-after): one timer per user, set again by each
 * call, off with 0; when it lapses every open spot order of the user is cancelled. Timers live in
 * this process only (a restart or another process of a cluster does not carry them: docs/trading-api.md)
 * and are cleared on close, so none outlives the server.
 */
export class DeadManSwitch {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: SwitchDeps) {}

  /** Sets (seconds > 0) or clears the user's timer; the time it lapses, or null when off. */
  set(userId: string, seconds: number): Date | null {
    const old = this.timers.get(userId);
    if (old) clearTimeout(old);
    this.timers.delete(userId);
    if (seconds === 0) return null;
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      this.deps.run('cancel-all-after', async () => {
        await cancelAllOpen(this.deps, userId);
      });
    }, seconds * 1000);
    // The switch alone keeps no process alive.
    timer.unref();
    this.timers.set(userId, timer);
    return new Date(this.deps.now().getTime() + seconds * 1000);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
