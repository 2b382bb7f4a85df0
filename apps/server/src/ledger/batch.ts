import { randomUUID } from 'node:crypto';
import { Dec } from '../shared/decimal.js';
import { invariant } from '../shared/invariant.js';
import { isPositiveAmount } from './amounts.js';
import { LedgerInputError } from './errors.js';
import { validatePosting, type AccountRef, type Hold, type Posting } from './postings.js';
import type { RecordWriter } from './records.js';

const ZERO = new Dec(0);

/** What one batch changes on one account: deltas of its available and locked balances. */
export interface AccountChange {
  account: AccountRef;
  available: Dec;
  locked: Dec;
}

export interface JournalRow {
  id: string;
  kind: string;
  userId: string | null;
  ref: string | null;
  entries: { account: AccountRef; amount: string }[];
}

/**
 * Everything a batch of postings changes, in memory, until the writer sends it as one statement:
 * balance deltas per account, new and changed holds, journal transactions with their entries, and
 * the modules' business rows. Pure: no I/O, no clock.
 */
export class LedgerBatch {
  readonly changes = new Map<AccountRef, AccountChange>();
  readonly newHolds = new Set<Hold>();
  readonly changedHolds = new Set<Hold>();
  readonly journal: JournalRow[] = [];
  readonly records = new Map<RecordWriter<never>, unknown[]>();
  /** What each hold this batch changed (and did not place) held before its first change: for `checkBooks`. */
  private readonly leftBefore = new Map<Hold, Dec>();
  /** Counts changes: a job that fails after changing something has left the batch half-done. */
  version = 0;

  /** This batch's change to the account's available balance (zero when untouched). */
  availableDelta(account: AccountRef): Dec {
    return this.changes.get(account)?.available ?? ZERO;
  }

  /** Moves `amount` from available to locked and returns the hold that now owns it. */
  placeHold(account: AccountRef, amount: Dec, reason: string, ref: string | null = null): Hold {
    if (!isPositiveAmount(amount)) throw new LedgerInputError(`Invalid hold amount ${amount.toFixed()}`);
    const hold: Hold = { id: randomUUID(), account, reason, ref, left: amount, status: 'live' };
    this.change(account, amount.neg(), amount);
    this.newHolds.add(hold);
    return hold;
  }

  /** Gives what is left of a live hold back to available; nothing happens to a hold already spent. */
  release(hold: Hold): void {
    if (hold.status !== 'live') return;
    this.remember(hold);
    if (hold.left.gt(0)) this.change(hold.account, hold.left, hold.left.neg());
    hold.left = ZERO;
    hold.status = 'released';
    this.holdChanged(hold);
  }

  /** Books one balanced journal transaction; returns its id. */
  post(p: Posting): string {
    validatePosting(p);
    const entries: JournalRow['entries'] = [];
    for (const leg of p.legs) {
      if (leg.hold) {
        this.remember(leg.hold);
        this.change(leg.account, ZERO, leg.amount);
        leg.hold.left = leg.hold.left.plus(leg.amount);
        if (leg.hold.left.isZero()) leg.hold.status = 'consumed';
        this.holdChanged(leg.hold);
      } else {
        this.change(leg.account, leg.amount, ZERO);
      }
      entries.push({ account: leg.account, amount: leg.amount.toFixed() });
    }
    const id = randomUUID();
    this.journal.push({ id, kind: p.kind, userId: p.userId, ref: p.ref, entries });
    this.version += 1;
    return id;
  }

  /** Adds a business row that commits with this batch. */
  record<R>(writer: RecordWriter<R>, row: R): void {
    const key = writer as RecordWriter<never>;
    let rows = this.records.get(key);
    if (!rows) {
      rows = [];
      this.records.set(key, rows);
    }
    rows.push(row);
    this.version += 1;
  }

  rowsOf<R>(writer: RecordWriter<R>): readonly R[] {
    return (this.records.get(writer as RecordWriter<never>) ?? []) as R[];
  }

  isEmpty(): boolean {
    return this.version === 0;
  }

  /** Every account the batch writes to, entries included. */
  accounts(): AccountRef[] {
    const all = new Set<AccountRef>(this.changes.keys());
    for (const h of this.newHolds) all.add(h.account);
    for (const t of this.journal) for (const e of t.entries) all.add(e.account);
    return [...all];
  }

  /**
   * Asserts, before the batch is written, what `ledger:check` would find broken after
   * (`locked_equals_live_holds`): every account's locked balance moves by exactly what its holds
   * gained or lost, and no hold holds a negative amount, or anything once spent or released. Hold
   * objects live between batches in the flows that placed them, so a flow that edits one by hand
   * fails the batch here (InvariantBroken) instead of committing a hold row its balance disagrees with.
   */
  checkBooks(): void {
    const held = new Map<AccountRef, Dec>();
    for (const holds of [this.newHolds, this.changedHolds]) {
      for (const h of holds) {
        invariant(!h.left.isNeg() && (h.status === 'live' || h.left.isZero()), () => `hold ${h.id} is ${h.status} with ${h.left.toFixed()} left`);
        const before = this.leftBefore.get(h);
        const gained = before === undefined ? h.left : h.left.minus(before);
        const sum = held.get(h.account);
        held.set(h.account, sum === undefined ? gained : sum.plus(gained));
      }
    }
    for (const c of this.changes.values()) {
      const inHolds = held.get(c.account) ?? ZERO;
      invariant(c.locked.eq(inHolds), () => `${c.account.key} locked moves by ${c.locked.toFixed()} but its holds by ${inHolds.toFixed()}`);
    }
  }

  /** Notes what a hold placed before this batch held before the batch first changes it. */
  private remember(hold: Hold): void {
    if (!this.newHolds.has(hold) && !this.leftBefore.has(hold)) this.leftBefore.set(hold, hold.left);
  }

  private change(account: AccountRef, available: Dec, locked: Dec): void {
    const c = this.changes.get(account);
    if (c) {
      c.available = c.available.plus(available);
      c.locked = c.locked.plus(locked);
    } else {
      this.changes.set(account, { account, available, locked });
    }
    this.version += 1;
  }

  private holdChanged(hold: Hold): void {
    if (!this.newHolds.has(hold)) this.changedHolds.add(hold);
    this.version += 1;
  }
}
