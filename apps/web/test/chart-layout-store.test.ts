import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartLayoutStorageKey, DEFAULT_CHART_LAYOUT } from '@exchange/contract';
import { fetchServerLayout, readLocalLayout, writeLocalLayout } from '../src/shared/chart/layoutStore';
import type { KeyValueStorage } from '../src/shared/market/storage';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('the chart layout in this browser', () => {
  it('reads back what it wrote, under its name', () => {
    const storage = memoryStorage();
    const layout = { ...DEFAULT_CHART_LAYOUT, resolution: '1W' as const, indicators: ['MACD' as const] };
    writeLocalLayout('spot', layout, storage);
    expect(storage.data.has(chartLayoutStorageKey('spot'))).toBe(true);
    expect(readLocalLayout('spot', storage)).toEqual(layout);
    expect(readLocalLayout('futures', storage)).toBeNull();
  });

  it('ignores a stored layout it cannot read, so the chart starts from the default', () => {
    const storage = memoryStorage();
    for (const text of ['{', '"spot"', JSON.stringify({ ...DEFAULT_CHART_LAYOUT, indicators: ['NOPE'] }), JSON.stringify({ resolution: '1' })]) {
      storage.setItem(chartLayoutStorageKey('spot'), text);
      expect(readLocalLayout('spot', storage), text).toBeNull();
    }
  });

  it('keeps working when the storage refuses to write', () => {
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeLocalLayout('spot', DEFAULT_CHART_LAYOUT, full)).not.toThrow();
  });
});

describe('the chart layout on our server', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it('reads the saved layout, and null (a chart never saved, answered 200) as none', async () => {
    const layout = { ...DEFAULT_CHART_LAYOUT, indicators: ['RSI' as const] };
    answer(200, { name: 'spot', layout, updated_at: '2026-11-30T08:00:00.000Z' });
    await expect(fetchServerLayout('spot', 7)).resolves.toEqual(layout);
    answer(200, null);
    await expect(fetchServerLayout('spot', 7)).resolves.toBeNull();
  });

  it('fails on a refusal, so the chart shows its layout was not loaded', async () => {
    answer(404, { message: 'Not found' });
    await expect(fetchServerLayout('spot', 7)).rejects.toThrow('Not found');
  });
});
