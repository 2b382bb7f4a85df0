import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_API_KEY, storageKeys } from '@exchange/contract';
import { ApiError, apiRequest } from '../src/shared/api/http';

const okSchema = z.object({ ok: z.boolean() });

function stubAnswer(status: number, body?: unknown) {
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

const sentUrl = (mock: ReturnType<typeof stubAnswer>) => String(mock.mock.calls[0]?.[0]);
const sentHeaders = (mock: ReturnType<typeof stubAnswer>) => mock.mock.calls[0]?.[1]?.headers as Record<string, string>;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiRequest', () => {
  it('sends the path unchanged and no bearer token without the new options', async () => {
    localStorage.setItem(storageKeys.authToken, 'token-1');
    const mock = stubAnswer(200, { ok: true });
    await expect(apiRequest('/api/v1/auth/x', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(sentUrl(mock)).toBe('/api/v1/auth/x');
    expect(sentHeaders(mock)).toEqual({ Accept: 'application/json' });
  });

  it('adds extra headers next to the bearer token and the JSON body type', async () => {
    localStorage.setItem(storageKeys.authToken, 'token-1');
    const mock = stubAnswer(200, { ok: true });
    await apiRequest('/api/v1/transfers', {
      method: 'POST',
      schema: okSchema,
      auth: true,
      body: { amount: '1' },
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(sentHeaders(mock)).toEqual({
      Accept: 'application/json',
      'Idempotency-Key': 'key-1',
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-1',
    });
  });

  it('appends the query, leaving out undefined values and joining an existing query', async () => {
    const mock = stubAnswer(200, { ok: true });
    await apiRequest('/api/v1/things?a=1', { schema: okSchema, query: { symbol: 'BTC USDT', limit: 20, skip: undefined } });
    expect(sentUrl(mock)).toBe('/api/v1/things?a=1&symbol=BTC+USDT&limit=20');
  });

  it('appends the stored apikey, else the built-in one', async () => {
    let mock = stubAnswer(200, { ok: true });
    await apiRequest('/api/v1/user-wallets/42', { schema: okSchema, apikey: true, query: { limit: 5 } });
    expect(sentUrl(mock)).toBe(`/api/v1/user-wallets/42?limit=5&apikey=${encodeURIComponent(DEFAULT_API_KEY)}`);

    localStorage.setItem(storageKeys.apiKey, 'my-key');
    mock = stubAnswer(200, { ok: true });
    await apiRequest('/api/v1/user-wallets/42', { schema: okSchema, apikey: true });
    expect(sentUrl(mock)).toBe('/api/v1/user-wallets/42?apikey=my-key');
  });

  it('resolves the emptyOn value for the listed statuses, even without a body', async () => {
    stubAnswer(204);
    await expect(
      apiRequest('/api/v1/history', { schema: z.array(z.string()), emptyOn: { statuses: [204, 404], value: [] } }),
    ).resolves.toEqual([]);
    stubAnswer(404, { message: 'No history' });
    await expect(
      apiRequest('/api/v1/history', { schema: z.array(z.string()), emptyOn: { statuses: [204, 404], value: ['none'] } }),
    ).resolves.toEqual(['none']);
  });

  it('still fails on statuses emptyOn does not list', async () => {
    stubAnswer(500, { message: 'boom' });
    const failure = apiRequest('/api/v1/history', { schema: z.array(z.string()), emptyOn: { statuses: [404], value: [] } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 500, serverMessage: 'boom' });
  });
});
