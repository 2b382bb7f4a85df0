import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerWriteFailed, VenueMoved, type CycleParticipant, type VenueFence } from '../../src/ledger/ledger.js';
import { openLedgerDb, type LedgerDb } from './ledger-db.js';

/** A venue lease this test holds and loses at will. */
function testFence(): VenueFence & { held: string | null } {
  return {
    held: '1',
    epoch() {
      return this.held;
    },
    lost() {
      this.held = null;
    },
  };
}

describe('a ledger batch that fails once the venue lease has lapsed', () => {
  let t: LedgerDb;
  let fence: ReturnType<typeof testFence>;

  beforeAll(async () => {
    t = await openLedgerDb('pglite');
    fence = testFence();
    t.ledger.useFence(fence);
  });
  afterAll(() => t?.close());

  it('answers a job queued by the owner "send it again" (VenueMoved), not a failed write', async () => {
    fence.held = '1';
    const answer = t.ledger.transact({
      run: () => {
        // The process stopped past its lease and resumed in the middle of the batch; the venue it
        // worked on is being handed over, and the command fails before anything is written.
        fence.held = null;
        throw new Error('the venue was closed for the handover');
      },
    });
    await expect(answer).rejects.toBeInstanceOf(VenueMoved);
  });

  it('answers "send it again" to a job that reaches a venue service closed since it was queued, whatever wraps the refusal', async () => {
    // The process lost the venues and took them back: the lease is held again, by the new venue
    // service, and a job queued for the old one runs now (a CI run of the SIGSTOP failover test).
    fence.held = '2';
    let committed = 0;
    const closed: CycleParticipant<object> = { begin: () => ({}), committed: () => (committed += 1), failed: async () => undefined };
    t.ledger.participate(closed);
    t.ledger.leave(closed);
    const answer = t.ledger.transact({
      run: (tx) => {
        try {
          tx.stateOf(closed);
        } catch (err) {
          // As the spot and futures services wrap what fails once their engine has run.
          throw new Error('settling after the engine ran failed', { cause: err });
        }
      },
    });
    await expect(answer).rejects.toBeInstanceOf(VenueMoved);
    expect(committed).toBe(0);
  });

  it('still answers a failed write while the lease is held', async () => {
    fence.held = '1';
    const answer = t.ledger.transact({
      run: () => {
        throw new Error('a bug in a command');
      },
    });
    await expect(answer).rejects.toBeInstanceOf(LedgerWriteFailed);
  });

  it('still answers a failed write for a job a process queued without the lease (a follower’s own flows)', async () => {
    fence.held = null;
    const answer = t.ledger.transact({
      run: () => {
        throw new Error('a bug in a transfer');
      },
    });
    await expect(answer).rejects.toBeInstanceOf(LedgerWriteFailed);
  });
});
