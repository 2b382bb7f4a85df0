import { describe, expect, it } from 'vitest';
import { HeldKeys } from '../../src/shared/held-keys.js';

describe('held keys', () => {
  it('keeps a key until its last holder lets go, starting and stopping what it needs once', () => {
    const keys = new HeldKeys();
    const log: string[] = [];
    const start = () => {
      log.push('start');
      return () => log.push('stop');
    };
    const first = keys.hold('alice', start);
    const second = keys.hold('alice', start);
    expect(keys.has('alice')).toBe(true);
    expect(log).toEqual(['start']);
    first();
    first();
    expect(keys.has('alice')).toBe(true);
    expect(log).toEqual(['start']);
    second();
    expect(keys.has('alice')).toBe(false);
    expect(log).toEqual(['start', 'stop']);
    second();
    expect(log).toEqual(['start', 'stop']);
  });

  it('holds keys apart, with or without something to start', () => {
    const keys = new HeldKeys();
    const release = keys.hold('bob');
    keys.hold('carol');
    release();
    expect(keys.has('bob')).toBe(false);
    expect(keys.has('carol')).toBe(true);
    const again = keys.hold('bob');
    expect(keys.has('bob')).toBe(true);
    again();
    expect(keys.has('bob')).toBe(false);
  });
});
