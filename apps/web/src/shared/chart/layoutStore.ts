import * as z from 'zod/mini';
import { chartLayoutStorageKey, DEFAULT_CHART_LAYOUT, type ChartLayout } from '@exchange/contract';
import { apiRequest } from '../api/http';
import { chartLayoutAnswer, chartLayoutSchema } from './layoutSchema';
import { browserStorage, readApiKey, safeGet, type KeyValueStorage } from '../market/storage';

const BASE = '/api/v1/chart-layouts';

/** A stored layout read with the contract's rules (zod mini, layoutSchema.ts); anything it cannot read (absent, tampered, older) gives null. */
export function parseLayout(raw: unknown): ChartLayout | null {
  const parsed = chartLayoutSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function readLocalLayout(name: string, storage: KeyValueStorage | null = browserStorage()): ChartLayout | null {
  const text = safeGet(storage, chartLayoutStorageKey(name));
  if (!text) return null;
  try {
    return parseLayout(JSON.parse(text));
  } catch {
    return null;
  }
}

export function writeLocalLayout(name: string, layout: ChartLayout, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(chartLayoutStorageKey(name), JSON.stringify(layout));
  } catch {
    // A full or refused storage keeps the chart working for this visit only.
  }
}

/** The user's layout of `name` on our server; null when none is saved. */
export async function fetchServerLayout(name: string, uid: number, signal?: AbortSignal): Promise<ChartLayout | null> {
  const answer = await apiRequest(`${BASE}/${encodeURIComponent(name)}`, {
    schema: z.nullable(chartLayoutAnswer),
    auth: true,
    apikey: true,
    signal,
    query: { uid },
  });
  return answer?.layout ?? null;
}

export async function saveServerLayout(name: string, uid: number, layout: ChartLayout): Promise<void> {
  await apiRequest(`${BASE}/${encodeURIComponent(name)}`, {
    method: 'PUT',
    schema: chartLayoutAnswer,
    auth: true,
    body: { apikey: readApiKey(browserStorage()), uid, layout },
  });
}

export { DEFAULT_CHART_LAYOUT };
