import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerWriteFailed, VenueMoved, type VenueFence } from '../../src/ledger/ledger.js';
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
