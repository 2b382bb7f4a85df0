import { describe, expect, it } from 'vitest';
import { KeyedTurns } from '../../src/shared/keyed-turns.js';
import { gate } from '../trading/commit-probe.js';

describe('KeyedTurns', () => {
  it('issue 14 #9: runs one task per key at a time and refuses past the waiting bound, other keys unaffected', async () => {
    const turns = new KeyedTurns(2, () => new Error('too many'));
    const held = gate();
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      if (name === 'a1') await held.opened;
      return name;
    };
    const running = turns.run('a', task('a1'));
    const waiting = [turns.run('a', task('a2')), turns.run('a', task('a3'))];
    await expect(turns.run('a', task('a4'))).rejects.toThrow('too many');
    await expect(turns.run('b', task('b1'))).resolves.toBe('b1');
    held.open();
    expect(await Promise.all([running, ...waiting])).toEqual(['a1', 'a2', 'a3']);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(turns.size).toBe(0);
  });

  it('a failed task does not stop the ones after it', async () => {
    const turns = new KeyedTurns(1, () => new Error('too many'));
    const failed = turns.run('a', async () => {
      throw new Error('boom');
    });
    const next = turns.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
