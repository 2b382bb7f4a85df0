import { OTP_TTL_MS, type ApiKeyView } from '@exchange/contract';
import type { Mail } from '../../mail/mailer.js';

const minutes = OTP_TTL_MS / 60_000;

/** The code that creating or deleting an API key needs. */
export function apiKeyCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your code to manage API keys',
    text:
      `Your code to create or delete an API key is ${code}.\n\nIt expires in ${minutes} minutes. ` +
      'If you did not ask for it, someone may have your password: change it and contact support.',
  };
}

/** Sent when a key is made, so that a key the user did not make is noticed; it names no secret. */
export function apiKeyCreatedMail(to: string, userId: string, key: ApiKeyView): Mail {
  const allowlist = key.ip_allowlist.length > 0 ? key.ip_allowlist.join(', ') : 'any address';
  return {
    to,
    userId,
    subject: 'A new API key was created',
    text:
      `A new API key "${key.label}" was created on your account with the permissions ${key.permissions.join(', ')}, ` +
      `usable from ${allowlist}.\n\nIf it was not you, delete it on the API Management page at once, change your password and contact support.`,
  };
}
