import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the authenticator secrets, which must be read back (unlike passwords and codes,
 * which are only compared): a copy of the database alone does not let anyone make a user's codes.
 * Stored as base64url of iv | tag | ciphertext.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed hash for values only ever compared, such as the recovery codes. */
  hash(value: string): string;
}

export function createSecretBox(key: string): SecretBox {
  const encryptionKey = createHmac('sha256', key).update('two-factor secrets').digest();
  const hashKey = createHmac('sha256', key).update('recovery codes').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
    hash(value) {
      return createHmac('sha256', hashKey).update(value).digest('hex');
    },
  };
}
