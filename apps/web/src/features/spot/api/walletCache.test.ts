import { describe, expect, it, vi } from 'vitest';
import { createWalletCache } from './walletCache';

const TTL = 10_000;

function setup() {
  let clock = 1_000_000;
  let served = 0;
  const load = vi.fn(async (uid: number, coinId: number) => `${uid}:${coinId}#${++served}`);
  const cache = createWalletCache(load, TTL, () => clock);
  return { cache, load, advance: (ms: number) => (clock += ms) };
}

describe('wallet cache', () => {
  it('answers a second read of the same user and coin within the time to live from the cache', async () => {
    const { cache, load, advance } = setup();
    expect(await cache.read(42, 1)).toBe('42:1#1');
    advance(TTL - 1);
    expect(await cache.read(42, 1)).toBe('42:1#1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again once the time to live has passed', async () => {
    const { cache, load, advance } = setup();
    await cache.read(42, 1);
    advance(TTL);
    expect(await cache.read(42, 1)).toBe('42:1#2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps users and coins apart', async () => {
    const { cache, load } = setup();
    expect(await cache.read(42, 1)).toBe('42:1#1');
    expect(await cache.read(42, 2)).toBe('42:2#2');
    expect(await cache.read(7, 1)).toBe('7:1#3');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('loads again after the user is dropped, for every coin of that user only', async () => {
    const { cache, load } = setup();
    await cache.read(42, 1);
    await cache.read(42, 2);
    await cache.read(7, 1);
    cache.dropUser(42);
    expect(await cache.read(42, 1)).toBe('42:1#4');
    expect(await cache.read(42, 2)).toBe('42:2#5');
    expect(await cache.read(7, 1)).toBe('7:1#3');
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('does not keep an answer that was on its way when the user was dropped', async () => {
    const { cache, load } = setup();
    let finish: (value: string) => void = () => undefined;
    load.mockImplementationOnce(() => new Promise<string>((resolve) => (finish = resolve)));
    const before = cache.read(42, 1);
    cache.dropUser(42);
    finish('before the order');
    expect(await before).toBe('before the order');
    expect(await cache.read(42, 1)).toBe('42:1#1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load', async () => {
    const { cache, load } = setup();
    load.mockRejectedValueOnce(new Error('down'));
    await expect(cache.read(42, 1)).rejects.toThrow('down');
    expect(await cache.read(42, 1)).toBe('42:1#1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes the abort signal to the load', async () => {
    const { cache, load } = setup();
    const controller = new AbortController();
    await cache.read(42, 1, controller.signal);
    expect(load).toHaveBeenCalledWith(42, 1, controller.signal);
  });
});
