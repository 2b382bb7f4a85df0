import { describe, expect, it } from 'vitest';
import { RestartBackoff } from '../../src/cluster/restart-backoff.js';

describe('the wait before replacing a dead worker', () => {
  it('doubles while the worker keeps dying young, up to the cap', () => {
    const backoff = new RestartBackoff(1_000, 8_000, 60_000);
    expect([1, 2, 3, 4, 5].map(() => backoff.next(500))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it('starts over once a worker lived long enough to count as healthy', () => {
    const backoff = new RestartBackoff(1_000, 8_000, 60_000);
    backoff.next(500);
    backoff.next(500);
    expect(backoff.next(60_000)).toBe(1_000);
    expect(backoff.next(500)).toBe(2_000);
  });
});
