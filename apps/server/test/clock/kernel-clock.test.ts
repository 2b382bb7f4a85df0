import { describe, expect, it } from 'vitest';
import { KernelClock } from '../../src/clock/kernel-clock.js';

function clockAt(startMs: number) {
  const errors: { subscriber: unknown }[] = [];
  const log = { error: (obj: { subscriber: unknown }) => void errors.push(obj) };
  return { clock: new KernelClock({ now: () => startMs + 1_000, startMs, intervalMs: 1_000, log: log as never }), errors };
}

describe('the kernel clock', () => {
  it('runs its subscribers in the order they subscribed, each after the one before ended', async () => {
    const { clock } = clockAt(0);
    const seen: string[] = [];
    clock.subscribe('first', async (ms) => {
      await new Promise((r) => setImmediate(r));
      seen.push(`first@${ms}`);
    });
    clock.subscribe('second', (ms) => void seen.push(`second@${ms}`));
    await clock.tick(5);
    expect(seen).toEqual(['first@5', 'second@5']);
    expect(clock.nowMs).toBe(5);
  });

  it('logs a failing subscriber and still runs the others', async () => {
    const { clock, errors } = clockAt(0);
    const seen: number[] = [];
    clock.subscribe('broken', () => {
      throw new Error('boom');
    });
    clock.subscribe('after', (ms) => void seen.push(ms));
    await clock.tick(10);
    expect(seen).toEqual([10]);
    expect(errors.map((e) => e.subscriber)).toEqual(['broken']);
  });

  it('never goes back, takes the time source by default, and stops ticking for an unsubscribed listener', async () => {
    const { clock } = clockAt(100);
    const seen: number[] = [];
    const stop = clock.subscribe('listener', (ms) => void seen.push(ms));
    await clock.tick(100);
    await clock.tick(50);
    await clock.tick();
    stop();
    await clock.tick(2_000);
    expect(seen).toEqual([1_100]);
    expect(clock.nowMs).toBe(2_000);
  });

  it('stop waits for the tick under way', async () => {
    const { clock } = clockAt(0);
    let release: () => void = () => undefined;
    let ended = false;
    clock.subscribe('slow', async () => {
      await new Promise<void>((r) => (release = r));
      ended = true;
    });
    const ticking = clock.tick(1);
    await new Promise((r) => setImmediate(r));
    const stopped = clock.stop();
    release();
    await stopped;
    expect(ended).toBe(true);
    await ticking;
  });
});
