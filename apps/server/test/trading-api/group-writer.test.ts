import { describe, expect, it } from 'vitest';
import { apiErrorCodes } from '@exchange/contract';
import { AppError } from '../../src/errors.js';
import { GroupWriter } from '../../src/modules/trading-api-private/group-writer.js';

/** A write the test finishes by hand: each call of `write` waits until `finish` or `fail`. */
function manualWrites() {
  const writes: { items: readonly number[]; finish: (out?: readonly string[]) => void; fail: (err: unknown) => void }[] = [];
  const write = (items: readonly number[]) =>
    new Promise<readonly string[]>((resolve, reject) => {
      writes.push({ items, finish: (out) => resolve(out ?? items.map((n) => `#${n}`)), fail: reject });
    });
  return { writes, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupWriter', () => {
  it('writes the first call at once and the calls that come meanwhile together next, each answered its own items in order', async () => {
    const { writes, write } = manualWrites();
    const writer = new GroupWriter(write, { batch: 100, queue: 1000 });
    const a = writer.run([1, 2]);
    const b = writer.run([3]);
    const c = writer.run([4, 5, 6]);
    await tick();
    expect(writes.map((w) => w.items)).toEqual([[1, 2]]);
    writes[0]!.finish();
    expect(await a).toEqual(['#1', '#2']);
    await tick();
    expect(writes.map((w) => w.items)).toEqual([[1, 2], [3, 4, 5, 6]]);
    writes[1]!.finish();
    expect(await b).toEqual(['#3']);
    expect(await c).toEqual(['#4', '#5', '#6']);
  });

  it('keeps a write to `batch` items without splitting a call; a call larger than it goes alone', async () => {
    const { writes, write } = manualWrites();
    const writer = new GroupWriter(write, { batch: 3, queue: 1000 });
    const calls = [writer.run([1]), writer.run([2, 3]), writer.run([4, 5]), writer.run([6, 7, 8, 9]), writer.run([10])];
    for (let i = 0; i < 5; i++) {
      await tick();
      writes[i]!.finish();
    }
    await Promise.all(calls);
    expect(writes.map((w) => w.items)).toEqual([[1], [2, 3], [4, 5], [6, 7, 8, 9], [10]]);
  });

  it('refuses a call as busy (503) when the waiting items would pass `queue`, and takes calls again once they went', async () => {
    const { writes, write } = manualWrites();
    const writer = new GroupWriter(write, { batch: 100, queue: 3 });
    const first = writer.run([1, 2, 3]);
    const waiting = writer.run([4, 5, 6]);
    await expect(writer.run([7])).rejects.toSatisfy((err: unknown) => err instanceof AppError && err.statusCode === 503 && err.code === apiErrorCodes.busy);
    await tick();
    writes[0]!.finish();
    await first;
    await tick();
    const later = writer.run([7]);
    writes[1]!.finish();
    await waiting;
    await tick();
    writes[2]!.finish();
    expect(await later).toEqual(['#7']);
  });

  it('rejects the calls of a failed write only, and the next group is written', async () => {
    const { writes, write } = manualWrites();
    const writer = new GroupWriter(write, { batch: 100, queue: 1000 });
    const failing = writer.run([1]);
    const next = writer.run([2]);
    await tick();
    writes[0]!.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await tick();
    writes[1]!.finish();
    expect(await next).toEqual(['#2']);
  });

  it('rejects a group whose write answers a different number of results than it had items', async () => {
    const { writes, write } = manualWrites();
    const writer = new GroupWriter(write, { batch: 100, queue: 1000 });
    const call = writer.run([1, 2]);
    await tick();
    writes[0]!.finish(['only one']);
    await expect(call).rejects.toThrow('a group write answered 1 results for 2 items');
  });

  it('answers an empty call at once, without a write', async () => {
    const { writes, write } = manualWrites();
    expect(await new GroupWriter(write, { batch: 1, queue: 1 }).run([])).toEqual([]);
    expect(writes).toEqual([]);
  });
});
