import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleAfter } from '../src/shared/ui/useIdleAfter';
import { createBookTopStore, useBookShown } from '../src/shared/trading/bookTop';

const DEADLINE_MS = 3000;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Runs frames, idle callbacks and timers up to `ms` from now. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useIdleAfter (the spot chart waits for the order book and an idle main thread)', () => {
  it('stays false before the page has painted, whatever the time', () => {
    const { result } = renderHook(() => useIdleAfter(false, true, DEADLINE_MS));
    advance(DEADLINE_MS * 2);
    expect(result.current).toBe(false);
  });

  it('comes true after a paint and an idle moment once the book is shown, well before the deadline', () => {
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(true, ready, DEADLINE_MS), { initialProps: { ready: false } });
    advance(500);
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    advance(100);
    expect(result.current).toBe(true);
  });

  it('comes true at the deadline when the book never shows', () => {
    const { result } = renderHook(() => useIdleAfter(true, false, DEADLINE_MS));
    advance(DEADLINE_MS - 1);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
  });

  it('stays true once true, even if the book goes away (a coin change)', () => {
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(true, ready, DEADLINE_MS), { initialProps: { ready: true } });
    advance(100);
    expect(result.current).toBe(true);
    rerender({ ready: false });
    advance(DEADLINE_MS * 2);
    expect(result.current).toBe(true);
  });
});

describe('useBookShown', () => {
  it("is true only while the given coin's book is held", () => {
    const store = createBookTopStore();
    const { result, rerender } = renderHook(({ symbol }) => useBookShown(store, symbol), { initialProps: { symbol: 'BTC' as string | undefined } });
    expect(result.current).toBe(false);
    act(() => store.set('BTC', { bid: 1, ask: 2 }));
    expect(result.current).toBe(true);
    rerender({ symbol: 'ETH' });
    expect(result.current).toBe(false);
    rerender({ symbol: undefined });
    expect(result.current).toBe(false);
  });
});
