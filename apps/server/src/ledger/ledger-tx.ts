import { Dec } from '../shared/decimal.js';
import { allowsNegative } from './accounts.js';
import type { LedgerBatch } from './batch.js';
import { InsufficientBalanceError } from './errors.js';
import { VenueMoved, type CycleParticipant, type LedgerTx } from './ledger-contract.js';
import type { AccountRef } from './postings.js';

const ZERO = new Dec(0);

/** Run the job again in the next batch (its cached balance may be stale; ids ran short). */
export class StaleBalance extends Error {}

export interface BatchTxParts {
  /** The ledger's cached available balances, as the last writes left them. */
  balances: ReadonlyMap<AccountRef, Dec>;
  /** The participants taking part now: one that left has closed. */
  participants: readonly CycleParticipant<unknown>[];
  batch: LedgerBatch;
  /** Accounts read from the database for this batch. */
  fresh: ReadonlySet<AccountRef>;
  states: Map<CycleParticipant<unknown>, unknown>;
  readNextTime: (account: AccountRef) => void;
}

/** What the jobs of one batch see of the ledger: balances with the batch's changes, and the ledger's own guard. */
export function batchTx({ balances, participants, batch, fresh, states, readNextTime }: BatchTxParts): LedgerTx {
  const available = (a: AccountRef) => (balances.get(a) ?? ZERO).plus(batch.availableDelta(a));
  const shortOf = (a: AccountRef, refusal: Error): Error => {
    if (fresh.has(a)) return refusal;
    readNextTime(a);
    return new StaleBalance();
  };
  // The ledger's own guard, whatever the flow checked: no user's available balance goes below zero.
  const cover = (a: AccountRef, amount: Dec): void => {
    if (!allowsNegative(a.owner) && available(a).lt(amount)) throw shortOf(a, new InsufficientBalanceError());
  };
  return {
    available,
    isFresh: (a) => fresh.has(a),
    shortOf,
    deferral: () => new StaleBalance(),
    placeHold: (a, amount, reason, ref) => {
      cover(a, amount);
      return batch.placeHold(a, amount, reason, ref);
    },
    release: (hold) => batch.release(hold),
    post: (posting) => {
      const debits = new Map<AccountRef, Dec>();
      for (const leg of posting.legs) {
        if (leg.hold || leg.amount.gte(0) || allowsNegative(leg.account.owner)) continue;
        debits.set(leg.account, (debits.get(leg.account) ?? ZERO).minus(leg.amount));
      }
      for (const [account, amount] of debits) cover(account, amount);
      return batch.post(posting);
    },
    record: (writer, row) => batch.record(writer, row),
    stateOf: <S>(participant: CycleParticipant<S>): S => {
      const key = participant as CycleParticipant<unknown>;
      // A participant that left is a venue service that closed: its venues moved to another process
      // (a job queued before the handover runs after it). Nothing of the batch is written.
      if (!participants.includes(key)) throw new VenueMoved();
      if (!states.has(key)) states.set(key, participant.begin());
      return states.get(key) as S;
    },
  };
}
