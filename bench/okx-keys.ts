import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { verifyEmail, type Touch } from './order-traffic.js';
import type { Call } from './orders-load.js';

/** A trading key as `POST /api/v1/api-keys` answers it. */
export interface OkxKey {
  api_key: string;
  secret_key: string;
  passphrase: string;
}

/** OKX's signature: Base64(HMAC-SHA256(secret, text)). */
export const okxSign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');

/** OKX's private websocket login for the key, signed over the time now (timestamp + GET + /users/self/verify). */
export function okxLoginFrame(key: OkxKey): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return JSON.stringify({ op: 'login', args: [{ apiKey: key.api_key, passphrase: key.passphrase, timestamp, sign: okxSign(key.secret_key, `${timestamp}GET/users/self/verify`) }] });
}

/** A verified user with a trading key, made through the same calls as a person's; `tag` keeps the emails of a run apart. */
export async function newOkxKey(call: Call, tag: string): Promise<OkxKey> {
  const json = { 'content-type': 'application/json' };
  const email = `${tag}.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const { token } = JSON.parse((await call('POST', '/api/user_account/signup', json, JSON.stringify({ email, password, confirm_password: password }))).body) as { token: string };
  await verifyEmail(call, email);
  const auth = { ...json, authorization: `Bearer ${token}` };
  await call('POST', '/api/v1/api-keys/email-code', auth, '{}');
  const mails = JSON.parse((await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  const made = await call('POST', '/api/v1/api-keys', auth, JSON.stringify({ label: 'bench', permissions: ['read', 'trade'], passphrase: 'Bench-pass-1', email_code: code }));
  if (made.status !== 201) throw new Error(`key not made: ${made.status} ${made.body.slice(0, 200)}`);
  return JSON.parse(made.body) as OkxKey;
}

/** `count` users with a trading key each, made 20 at a time; `tag` names the run in their emails. */
export async function newOkxKeys(call: Call, count: number, tag: string): Promise<OkxKey[]> {
  const keys: OkxKey[] = [];
  for (let i = 0; i < count; i += 20) keys.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, k) => newOkxKey(call, `${tag}.${i + k}`)))));
  return keys;
}

/** One `/ws/v5/private` socket per key, each resolved once its login was answered. */
export function openPrivateSockets(wsUrl: string, keys: readonly OkxKey[]): Promise<WebSocket[]> {
  return Promise.all(
    keys.map(
      (key) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
          ws.once('error', reject);
          ws.once('open', () => {
            ws.send(okxLoginFrame(key));
            ws.once('message', () => resolve(ws));
          });
        }),
    ),
  );
}

/**
 * Order i: a limit buy of 0.00005 BTC 5-15 % under the bid, so it rests and holds a few USDT. It
 * carries a clOrdId, as ccxt sends one with every order: `load` names the load, so that two loads
 * of the same keys never send the same one.
 */
export function restingBuy(i: number, touch: Touch, load: string) {
  const px = (touch.bid * (1 - 0.05 - ((i * 7919) % 1000) / 10_000)).toFixed(2);
  return { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px, sz: '0.00005', clOrdId: `${load}${i}` };
}
