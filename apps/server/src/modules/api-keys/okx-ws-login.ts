import { ipAllowed } from './ip-allowlist.js';
import type { KeyBox } from './key-box.js';
import type { KeyState, LiveKeys } from './live-keys.js';
import type { OkxCaller } from './okx-auth.js';
import { OKX_MAX_SKEW_MS } from './okx-auth.js';
import { okxSign, signatureMatches } from './okx-sign.js';

/** What a websocket login sends: the key, its passphrase, Unix seconds, and the signature of them. */
export interface OkxWsCredentials {
  apiKey: string;
  passphrase: string;
  timestamp: string;
  sign: string;
}

/** Why a login failed, in the order OKX checks: the socket answers each with its own 600xx code. */
export type OkxWsLoginFailure = 'timestampInvalid' | 'timestampExpired' | 'keyInvalid' | 'passphraseWrong' | 'signInvalid' | 'ipNotAllowed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECONDS = /^\d{1,12}(\.\d{1,3})?$/;

/**
 * OKX's websocket login (issue 42): sign = Base64(HMAC-SHA256(secret, timestamp + 'GET' +
 * '/users/self/verify')) with the timestamp in Unix seconds, refused 30 s away from the clock as
 * the signed calls are. The same key checks as a signed call's; the permission is the caller's to check per op.
 */
export async function okxWsLogin(
  deps: { keys: LiveKeys; box: KeyBox; now: () => Date },
  c: OkxWsCredentials,
  ip: string,
): Promise<OkxCaller | OkxWsLoginFailure> {
  if (!SECONDS.test(c.timestamp)) return 'timestampInvalid';
  const clock = deps.now();
  if (Math.abs(clock.getTime() - Number(c.timestamp) * 1000) > OKX_MAX_SKEW_MS) return 'timestampExpired';
  const key = UUID.test(c.apiKey) ? await deps.keys.get(c.apiKey) : null;
  if (!key || (key.expiresAt !== null && key.expiresAt <= clock)) return 'keyInvalid';
  if (!deps.box.passphraseMatches(c.passphrase, key.passphraseHash)) return 'passphraseWrong';
  if (!signatureMatches(okxSign(deps.box.open(key.secretSealed), c.timestamp, 'GET', '/users/self/verify'), c.sign)) return 'signInvalid';
  if (!ipAllowed(key.ipAllowlist, ip)) return 'ipNotAllowed';
  await deps.keys.markUsed(key, ip, clock);
  return { userId: key.userId, label: key.label, permissions: key.permissions, ipAllowlist: key.ipAllowlist };
}

/** A logged-in socket's key as it stands (its user's freeze with it), or null once deleted or expired: its order ops stop then. */
export async function okxKeyLive(keys: LiveKeys, apiKey: string, at: Date): Promise<KeyState | null> {
  const key = await keys.get(apiKey);
  return key !== null && (key.expiresAt === null || key.expiresAt > at) ? key : null;
}
