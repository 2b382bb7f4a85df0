import { describe, expect, it } from 'vitest';
import { Coalesced } from '../../src/shared/coalesced.js';
import { gate } from '../trading/commit-probe.js';

describe('Coalesced', () => {
  it('issue 14 #9: calls made while a run is under way wait as one run, the latest task', async () => {
    const steps = new Coalesced();
    const ran: string[] = [];
    const held = gate();
    const first = steps.run(async () => {
      ran.push('first');
      await held.opened;
    });
    const second = steps.run(async () => void ran.push('second'));
    const third = steps.run(async () => void ran.push('third'));
    expect(third).toBe(second);
    held.open();
    await Promise.all([first, second, third]);
    expect(ran).toEqual(['first', 'third']);
    await steps.run(async () => void ran.push('fourth'));
    expect(ran).toEqual(['first', 'third', 'fourth']);
  });

  it('a failed run rejects its callers only; the next one runs, and idle waits for both', async () => {
    const steps = new Coalesced();
    const held = gate();
    const failing = steps.run(async () => {
      await held.opened;
      throw new Error('step failed');
    });
    let later = false;
    const next = steps.run(async () => {
      later = true;
    });
    const idle = steps.idle();
    held.open();
    await expect(failing).rejects.toThrow('step failed');
    await expect(next).resolves.toBeUndefined();
    await idle;
    expect(later).toBe(true);
  });
});
