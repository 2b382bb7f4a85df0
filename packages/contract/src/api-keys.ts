import { z } from 'zod';
import { jsonBody, queryText, text } from './fields.js';
import { totpCodeField } from './two-factor-fields.js';

/**
 * Personal API keys (issue 42, the spec's /account/api page): a user's keys for bots, signed as
 * OKX v5 signs its private calls, so ccxt's `okx` class and the tools built on it work unchanged.
 */

/** How many live keys one user holds; a 21st is refused with 409. */
export const API_KEYS_PER_USER = 20;
/** The most addresses and ranges one key's allow-list carries (OKX allows 20). */
export const API_KEY_IP_ALLOWLIST_MAX = 20;
export const API_KEY_PERMISSIONS = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export const apiKeyMessages = {
  codeSent: 'A code has been sent to your email',
  tooMany: `At most ${API_KEYS_PER_USER} API keys are kept; delete one first`,
  withdrawNeedsAllowlist: 'The withdraw permission needs an IP allow-list',
  notFound: 'API key not found',
  expiryPast: 'expires_at must be in the future',
  passphraseFormat: 'passphrase must be 8 to 32 characters of letters, digits or symbols, without spaces',
  permissionsRequired: 'permissions must list read, trade or withdraw at least once',
  ipFormat: 'each ip_allowlist entry must be an IPv4 or IPv6 address or CIDR range',
  codeFormat: 'email_code must be the 6-digit code from your email',
} as const;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const cidrv4 = z.cidrv4();
const cidrv6 = z.cidrv6();

/** An IPv4 or IPv6 address, or a CIDR range of either: one entry of a key's allow-list. */
export function isIpOrCidr(value: string): boolean {
  return [ipv4, ipv6, cidrv4, cidrv6].some((s) => s.safeParse(value).success);
}

const permission = z.enum(API_KEY_PERMISSIONS, { error: apiKeyMessages.permissionsRequired });
const emailCode = text('email_code', { required: apiKeyMessages.codeFormat, trim: true }).regex(/^\d{6}$/, apiKeyMessages.codeFormat);

/** POST /api/v1/api-keys/email-code: an empty JSON object; the code goes to the token user's address. */
export const apiKeyCodeRequest = jsonBody({});
export const apiKeyCodeResponse = z.object({ message: z.string() });

/** POST /api/v1/api-keys. */
export const apiKeyCreateRequest = jsonBody({
  label: text('label', { trim: true }).min(1, 'label is required').max(50, 'label must be at most 50 characters'),
  permissions: z
    .array(permission, { error: apiKeyMessages.permissionsRequired })
    .min(1, apiKeyMessages.permissionsRequired)
    .max(API_KEY_PERMISSIONS.length, apiKeyMessages.permissionsRequired)
    .refine((list) => new Set(list).size === list.length, 'permissions must list each permission once'),
  passphrase: text('passphrase').regex(/^[\x21-\x7e]{8,32}$/, apiKeyMessages.passphraseFormat),
  email_code: emailCode,
  totp_code: totpCodeField.optional(),
  ip_allowlist: z
    .array(text('ip_allowlist entry', { trim: true }).max(43, apiKeyMessages.ipFormat).refine(isIpOrCidr, apiKeyMessages.ipFormat), {
      error: 'ip_allowlist must be a list of addresses',
    })
    .max(API_KEY_IP_ALLOWLIST_MAX, `ip_allowlist must have at most ${API_KEY_IP_ALLOWLIST_MAX} entries`)
    .optional(),
  expires_at: z.iso.datetime({ offset: true, error: 'expires_at must be an ISO 8601 date and time' }).optional(),
});
export type ApiKeyCreateRequest = z.infer<typeof apiKeyCreateRequest>;

const keyFields = {
  api_key: z.string(),
  label: z.string(),
  permissions: z.array(permission),
  ip_allowlist: z.array(z.string()),
  expires_at: z.string().nullable(),
  created_at: z.string(),
};

/** 201 of POST /api/v1/api-keys: the only answer that ever carries the secret. */
export const apiKeyCreateResponse = z.object({ ...keyFields, secret_key: z.string(), passphrase: z.string() });
export type ApiKeyCreateResponse = z.infer<typeof apiKeyCreateResponse>;

/** One key as GET /api/v1/api-keys lists it: never its secret or passphrase. */
export const apiKeyView = z.object({ ...keyFields, last_used_at: z.string().nullable(), last_used_ip: z.string().nullable() });
export type ApiKeyView = z.infer<typeof apiKeyView>;
export const apiKeysResponse = z.object({ items: z.array(apiKeyView) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

export const apiKeyParams = z.object({
  api_key: queryText('api_key').regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'api_key must be a key id such as 3f2a…'),
});
/** DELETE /api/v1/api-keys/{api_key}: the mailed code, and the authenticator's when it is on. */
export const apiKeyDeleteRequest = jsonBody({ email_code: emailCode, totp_code: totpCodeField.optional() });
export const apiKeyDeleteResponse = z.object({ deleted: z.literal(true) });

/** `ccy` of OKX's balance reads: up to 20 comma-separated currencies. */
export const okxCcyQuery = z.object({
  ccy: queryText('ccy')
    .regex(/^[A-Za-z0-9]{1,20}(,[A-Za-z0-9]{1,20}){0,19}$/, 'ccy must be up to 20 comma-separated currencies such as BTC,USDT')
    .optional(),
});

const okxBalanceDetail = z.object({
  ccy: z.string(),
  eq: z.string(),
  cashBal: z.string(),
  availBal: z.string(),
  frozenBal: z.string(),
  ordFrozen: z.string(),
  availEq: z.string(),
  disEq: z.string(),
  eqUsd: z.string(),
  upl: z.string(),
  uTime: z.string(),
});
/** GET /api/v5/account/balance: the trading account (our spot and futures wallets together). */
export const okxAccountBalanceResponse = z.object({
  code: z.literal('0'),
  msg: z.string(),
  data: z.array(z.object({ totalEq: z.string(), adjEq: z.string(), isoEq: z.string(), uTime: z.string(), details: z.array(okxBalanceDetail) })),
});
/** GET /api/v5/asset/balances: the funding account (our funding wallet). */
export const okxAssetBalancesResponse = z.object({
  code: z.literal('0'),
  msg: z.string(),
  data: z.array(z.object({ ccy: z.string(), bal: z.string(), availBal: z.string(), frozenBal: z.string() })),
});
/** GET /api/v5/account/config. */
export const okxAccountConfigResponse = z.object({
  code: z.literal('0'),
  msg: z.string(),
  data: z.array(
    z.object({
      uid: z.string(),
      mainUid: z.string(),
      acctLv: z.string(),
      posMode: z.string(),
      autoLoan: z.boolean(),
      greeksType: z.string(),
      level: z.string(),
      levelTmp: z.string(),
      ctIsoMode: z.string(),
      mgnIsoMode: z.string(),
      spotOffsetType: z.string(),
      label: z.string(),
      roleType: z.string(),
      perm: z.string(),
      ip: z.string(),
    }),
  ),
});
