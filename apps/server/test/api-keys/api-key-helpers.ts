import { expect } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { okxSign } from '../../src/modules/api-keys/index.js';
import { bearer, latestCode, type SignedUpUser } from '../helpers.js';

export const KEYS = '/api/v1/api-keys';
export const PASSPHRASE = 'Bot-pass-1234';

/** Mails a code to the user and reads it back from the dev outbox. */
export async function mailedCode(app: App, user: SignedUpUser): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: `${KEYS}/email-code`, headers: bearer(user.token), payload: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return latestCode(app, user.email);
}

export function createRequest(app: App, user: SignedUpUser, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: KEYS, headers: bearer(user.token), payload: { label: 'bot', permissions: ['read'], passphrase: PASSPHRASE, ...body } });
}

/** A key made through the calls, with a fresh mailed code. */
export async function createKey(app: App, user: SignedUpUser, body: Record<string, unknown> = {}): Promise<ApiKeyCreateResponse> {
  const res = await createRequest(app, user, { email_code: await mailedCode(app, user), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ApiKeyCreateResponse;
}

export async function deleteKey(app: App, user: SignedUpUser, apiKey: string, body: Record<string, unknown> = {}) {
  return app.inject({ method: 'DELETE', url: `${KEYS}/${apiKey}`, headers: bearer(user.token), payload: { email_code: await mailedCode(app, user), ...body } });
}

export interface SignedCall {
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  timestamp?: string;
  passphrase?: string;
  secret?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  at?: Date;
}

/** A v5 call signed as OKX documents it, with what a test changes to make it wrong. */
export function signedCall(app: App, key: ApiKeyCreateResponse, call: SignedCall) {
  const method = call.method ?? 'GET';
  const timestamp = call.timestamp ?? (call.at ?? new Date()).toISOString();
  return app.inject({
    method,
    url: call.path,
    remoteAddress: call.remoteAddress,
    headers: {
      'OK-ACCESS-KEY': key.api_key,
      'OK-ACCESS-PASSPHRASE': call.passphrase ?? key.passphrase,
      'OK-ACCESS-TIMESTAMP': timestamp,
      'OK-ACCESS-SIGN': okxSign(call.secret ?? key.secret_key, timestamp, method, call.path, call.body ?? ''),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    ...(call.body !== undefined ? { payload: call.body } : {}),
  });
}
