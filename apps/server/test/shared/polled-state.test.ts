import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolledState } from '../../src/shared/polled-state.js';

class Counted extends PolledState {
  reads = 0;
  failNext = false;
  warnings: string[] = [];

  constructor() {
    super(1_000, 'the counted table', { warn: (_obj: unknown, msg: string) => void this.warnings.push(msg) } as never);
  }

  async refresh(): Promise<void> {
    this.reads += 1;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database gone');
    }
  }
}

describe('PolledState', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads after its own change and tells the other processes', async () => {
    const state = new Counted();
    const told = vi.fn();
    state.connect(told);
    await state.changed();
    expect(state.reads).toBe(1);
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('polls every period until stopped, and a failed read is a warning that names the table', async () => {
    vi.useFakeTimers();
    const state = new Counted();
    state.start();
    state.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(state.reads).toBe(3);
    state.failNext = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.warnings).toEqual(['could not read the counted table']);
    state.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.reads).toBe(4);
  });
});
