import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareFormats } from '../src/shared/format/prepareFormats';

afterEach(() => {
  vi.useRealTimers();
});

describe('prepareFormats', () => {
  it('runs each step in a task of its own, in order, none in the caller', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    prepareFormats([() => ran.push('locale'), () => ran.push('number'), () => ran.push('date')]);
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['locale']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['locale', 'number']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['locale', 'number', 'date']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('loads the locale data its default steps name without throwing', () => {
    vi.useFakeTimers();
    prepareFormats();
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });
});
