import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { RefusalLog } from '../../src/ledger/refusal-log.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('RefusalLog', () => {
  it('issue 14 #9: counts the refused jobs of each second of overload in one warning', () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const log = new RefusalLog({ warn } as unknown as FastifyBaseLogger, 64);
    for (let i = 0; i < 3; i++) log.add();
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenLastCalledWith({ refused: 3, maxQueue: 64 }, 'ledger queue full: jobs refused with 503 in the last second');
    log.add();
    vi.advanceTimersByTime(1000);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith({ refused: 1, maxQueue: 64 }, 'ledger queue full: jobs refused with 503 in the last second');
  });
});
