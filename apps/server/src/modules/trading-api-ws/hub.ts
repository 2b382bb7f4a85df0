import type { WebSocket } from 'ws';
import type { ApiKeyPermission, OkxWsPrivateChannel } from '@exchange/contract';
import { sendBounded } from '../../plugins/ws-send.js';
import { pushFrame } from './frames.js';

/** A logged-in socket's key. */
export interface WsCaller {
  userId: string;
  apiKey: string;
  permissions: readonly ApiKeyPermission[];
}

/** One subscription as the client sent it (echoed on every push) and its channel. */
export interface Subscription {
  channel: OkxWsPrivateChannel;
  arg: Record<string, string>;
}

export interface Conn {
  socket: WebSocket;
  connId: string;
  caller: WsCaller | null;
  /** By the arg's JSON: a repeated subscribe is one subscription. */
  subs: Map<string, Subscription>;
}

/** What a row says of itself for the subscriptions' filters (instType, instId, ccy). */
export interface RowTags {
  instType?: string;
  instId?: string;
  ccy?: string;
}

/** Whether a subscription's filters take a row: each filter it names must match, ANY takes every type. */
export function takes(arg: Record<string, string>, tags: RowTags): boolean {
  if (arg.instType && arg.instType !== 'ANY' && tags.instType !== undefined && arg.instType !== tags.instType) return false;
  if (arg.instId && tags.instId !== undefined && arg.instId !== tags.instId) return false;
  if (arg.instFamily && tags.instId !== undefined && !tags.instId.startsWith(`${arg.instFamily}-`) && tags.instId !== arg.instFamily) return false;
  return true;
}

/**
 * The logged-in sockets of /ws/v5/private by user, and the pushes to them: a row is built only when
 * a socket of its user subscribed to its channel, and each subscription gets the rows its filters take.
 */
export class WsHub {
  private readonly byUser = new Map<string, Set<Conn>>();
  private readonly watching = new Map<string, () => void>();

  /** `watch` brings a user's events to this process while a socket of theirs is here (a cluster's subjects). */
  constructor(private readonly watch: (userId: string) => () => void) {}

  add(conn: Conn, caller: WsCaller): void {
    conn.caller = caller;
    let set = this.byUser.get(caller.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(caller.userId, set);
      this.watching.set(caller.userId, this.watch(caller.userId));
    }
    set.add(conn);
  }

  remove(conn: Conn): void {
    const userId = conn.caller?.userId;
    if (!userId) return;
    const set = this.byUser.get(userId);
    set?.delete(conn);
    if (set?.size !== 0) return;
    this.byUser.delete(userId);
    this.watching.get(userId)?.();
    this.watching.delete(userId);
  }

  /** Whether any socket of the user subscribed to the channel here. */
  wants(userId: string, channel: OkxWsPrivateChannel): boolean {
    for (const conn of this.byUser.get(userId) ?? []) for (const sub of conn.subs.values()) if (sub.channel === channel) return true;
    return false;
  }

  /** The subscriptions to a channel of the user's sockets here. */
  subscriptions(userId: string, channel: OkxWsPrivateChannel): { conn: Conn; sub: Subscription }[] {
    const found: { conn: Conn; sub: Subscription }[] = [];
    for (const conn of this.byUser.get(userId) ?? []) for (const sub of conn.subs.values()) if (sub.channel === channel) found.push({ conn, sub });
    return found;
  }

  /** Sends each subscription of the user's to the channel the rows its filters take, as one push. */
  push<T>(userId: string, channel: OkxWsPrivateChannel, rows: readonly { tags: RowTags; row: T }[]): void {
    for (const { conn, sub } of this.subscriptions(userId, channel)) {
      const data = rows.filter((r) => takes(sub.arg, r.tags)).map((r) => r.row);
      if (data.length > 0) sendBounded(conn.socket, pushFrame(sub.arg, data));
    }
  }

  close(): void {
    for (const stop of this.watching.values()) stop();
    this.watching.clear();
    this.byUser.clear();
  }
}
