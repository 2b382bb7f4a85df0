import type { FastifyBaseLogger } from 'fastify';
import type { UserNotification } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { insertNotifications, type NewNotification } from './store.js';

/** Rows of one kind per user, as funds' UserEvents carries them (named here: funds reaches the accounts, which reach this product). */
export interface RowEvents<T> {
  subscribe(listener: (userId: string, row: () => T) => void): () => void;
  emit(userId: string, row: () => T): void;
}

/** Past this many waiting, new notifications are dropped (and logged): a money flow never waits on them. */
export const NOTIFIER_MAX_PENDING = 10_000;
/** The most one statement keeps. */
const WRITE_BATCH = 500;

/**
 * Keeps the notifications of events that already committed, after the fact and in the background:
 * one writer at a time, in arrival order, each kept row then pushed to its owner's sockets. A
 * failed write is logged and lost; the money flow that caused it has long answered.
 */
export class Notifier {
  private pending: NewNotification[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly pushed: RowEvents<UserNotification>,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(list: readonly NewNotification[]): void {
    if (list.length === 0) return;
    if (this.pending.length + list.length > NOTIFIER_MAX_PENDING) {
      this.log.warn({ dropped: list.length }, 'notifications dropped: too many waiting to be written');
      return;
    }
    this.pending.push(...list);
    this.writing ??= this.write().finally(() => {
      this.writing = null;
    });
  }

  /** Resolves once every notification added so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async write(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, WRITE_BATCH);
      try {
        for (const { userId, row } of await insertNotifications(this.db, batch)) this.pushed.emit(userId, () => row);
      } catch (err) {
        this.log.error({ err, count: batch.length }, 'writing notifications failed');
      }
    }
  }
}
