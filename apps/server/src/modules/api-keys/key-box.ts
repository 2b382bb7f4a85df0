import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createSecretBox } from '../security/index.js';

/** How a key's secret and passphrase are kept: the secret sealed to be read back, the passphrase only compared. */
export interface KeyBox {
  /** A new public id and secret, as OKX hands them out (a UUID and 32 upper-case hex digits). */
  issue(): { apiKey: string; secret: string };
  seal(secret: string): string;
  open(sealed: string): string;
  hashPassphrase(passphrase: string): string;
  passphraseMatches(passphrase: string, hash: string): boolean;
}

/**
 * The security product's secret box under a key of its own, derived from the server's two-factor
 * key with this purpose, so a key for API secrets opens no authenticator secret and the other way
 * round. The passphrase is a keyed HMAC, not scrypt: it is checked on every signed call, and scrypt
 * there would cap a core at some 20 calls a second (docs/decisions.md); without the server key a
 * leaked hash cannot be tried offline.
 */
export function createKeyBox(serverKey: string): KeyBox {
  const box = createSecretBox(createHmac('sha256', serverKey).update('api-key secrets').digest('hex'));
  return {
    issue: () => ({ apiKey: randomUUID(), secret: randomBytes(16).toString('hex').toUpperCase() }),
    seal: (secret) => box.seal(secret),
    open: (sealed) => box.open(sealed),
    hashPassphrase: (passphrase) => box.hash(passphrase),
    passphraseMatches(passphrase, hash) {
      const given = Buffer.from(box.hash(passphrase), 'hex');
      const stored = Buffer.from(hash, 'hex');
      return given.length === stored.length && timingSafeEqual(given, stored);
    },
  };
}
