import { describe, expect, it, vi } from 'vitest';
import { lazyLayer } from '../src/shared/chart/lazyLayer';

function loader() {
  let resolve!: (layer: string[]) => void;
  let reject!: (error: Error) => void;
  const load = vi.fn(
    () =>
      new Promise<string[]>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { load, resolve: (layer: string[]) => resolve(layer), reject: (error: Error) => reject(error) };
}

describe('a chart layer loaded on first use', () => {
  it('loads nothing until a call needs it', () => {
    const { load } = loader();
    const layer = lazyLayer(load);
    layer.run((calls) => calls.push('nothing to draw'), false);
    expect(load).not.toHaveBeenCalled();
    expect(layer.current).toBeNull();
  });

  it('loads once, then runs only the latest call made while loading, then each call at once', async () => {
    const { load, resolve } = loader();
    const layer = lazyLayer(load);
    const calls: string[] = [];
    layer.run(() => calls.push('first'), true);
    layer.run(() => calls.push('second'), true);
    layer.run(() => calls.push('latest'), false);
    expect(load).toHaveBeenCalledTimes(1);
    resolve(calls);
    await vi.waitFor(() => expect(layer.current).toBe(calls));
    expect(calls).toEqual(['latest']);
    layer.run((loaded) => loaded.push('after'), false);
    expect(calls).toEqual(['latest', 'after']);
  });

  it('runs nothing once closed, even when its code arrives later', async () => {
    const { load, resolve } = loader();
    const layer = lazyLayer(load);
    const calls: string[] = [];
    layer.run(() => calls.push('before close'), true);
    layer.close();
    resolve(calls);
    await Promise.resolve();
    await Promise.resolve();
    layer.run(() => calls.push('after close'), true);
    expect(calls).toEqual([]);
    expect(layer.current).toBeNull();
  });

  it('asks for the code again on the next use after a failed load', async () => {
    const first = loader();
    const layer = lazyLayer(first.load);
    layer.run(() => undefined, true);
    first.reject(new Error('chunk failed'));
    await vi.waitFor(() => {
      layer.run(() => undefined, true);
      expect(first.load).toHaveBeenCalledTimes(2);
    });
  });
});
