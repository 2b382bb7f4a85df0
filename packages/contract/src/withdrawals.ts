import { z } from 'zod';
import { jsonBody, oneOf, queryText, text, wholeNumber } from './fields.js';
import { totpCodeField } from './two-factor-fields.js';
import { positiveAmountField, uidField } from './wallet.js';
import { fillMessage } from './message-codes.js';

/** Withdrawal texts: spec 3 §5 and §8 word for word, and the server's own refusals. */
export const withdrawMessages = {
  completeFields: 'Please complete all required fields.',
  invalidAmount: 'Please enter a valid withdrawal amount.',
  belowFee: (fee: string, symbol: string) => fillMessage('withdraw.belowFee', { fee, symbol }),
  insufficient: 'Insufficient balance.',
  loadCoinsFailed: 'Failed to load cryptocurrencies. Please try again.',
  unexpected: 'An unexpected error occurred during withdrawal.',
  submitted: 'Withdrawal submitted successfully!',
  historyFailed: 'Failed to load withdrawal history.',
  historyEmpty: 'No withdrawal history found.',
  unknownCoin: 'This crypto cannot be withdrawn',
  notOnNetwork: (symbol: string, network: string) => fillMessage('withdraw.notOnNetwork', { symbol, network }),
  notPayable: (symbol: string, network: string) => fillMessage('withdraw.notPayable', { symbol, network }),
  invalidAddress: (network: string) => fillMessage('withdraw.invalidAddress', { network }),
  invalidMemo: (network: string) => fillMessage('withdraw.invalidMemo', { network }),
  notVerified: 'Withdrawals need a verified identity. Please verify your account first.',
  lockedUntil: (until: string) => fillMessage('withdraw.lockedUntil', { until }),
  dailyLimit: (limit: string, left: string) => fillMessage('withdraw.dailyLimit', { limit, left }),
  whitelistOnly: 'Whitelist only is on: withdraw to an address from your address book',
  recipientNotFound: 'No user found with this email or UID',
  recipientSelf: 'You cannot send an internal withdrawal to yourself',
  addressOrRecipient: 'Give either an address and network or an internal recipient, not both',
  notFound: 'Withdrawal not found',
  notCancellable: 'Only a withdrawal that has not been sent yet can be cancelled',
  addressCodeSent: 'A verification code has been sent to your email',
  addressSaved: 'Address saved to your address book',
  addressExists: 'This address is already in your address book',
  addressNotFound: 'Address not found',
  labelRequired: 'Please enter a label',
  codeRequired: 'Please enter the 6-digit code from your email',
  burnAddress: 'This address can never spend what it receives (a burn or zero address): the coins would be lost',
  whitelistOnlyInternal: 'Whitelist only is on: send internal withdrawals only to a recipient from your address book',
  confirmSent: 'Check your email: enter the code we sent to confirm this withdrawal',
  confirmCodeWrong: 'The code is not correct. Check the latest email about this withdrawal',
  confirmTooManyAttempts: 'Too many wrong codes: this withdrawal was cancelled. Please submit it again',
  confirmExpired: 'This withdrawal was not confirmed in time. Please submit it again',
  notUnconfirmed: 'This withdrawal is no longer waiting for its confirmation',
  confirmResendWait: (seconds: number) => fillMessage('withdraw.resendWait', { seconds: String(seconds) }),
  confirmResendLimit: 'No more codes can be sent for this withdrawal: cancel it and submit it again',
  recipientRequired: 'Please enter the recipient’s email or UID',
} as const;

/** The codes of the confirmation's refusals (issue 14 #4), which the web tells apart. */
export const withdrawalErrorCodes = {
  codeInvalid: 'CODE_INVALID',
  confirmationLocked: 'CONFIRMATION_LOCKED',
  confirmationExpired: 'CONFIRMATION_EXPIRED',
  notUnconfirmed: 'NOT_UNCONFIRMED',
  resendTooSoon: 'RESEND_TOO_SOON',
  resendLimit: 'RESEND_LIMIT',
} as const;

/** A withdrawal waits this long for its emailed confirmation code, then expires (nothing was held). */
export const WITHDRAWAL_CONFIRM_TTL_MS = 15 * 60_000;
/** Wrong confirmation codes a withdrawal takes before it is cancelled. */
export const WITHDRAWAL_CONFIRM_MAX_ATTEMPTS = 5;
/** Confirmation mails one withdrawal may send, the first included. */
export const WITHDRAWAL_CONFIRM_MAX_MAILS = 5;

/** Where a withdrawal is taken from (spec 3 §9: Funding or Trading, the spot wallet). */
export const withdrawSource = z.enum(['funding', 'spot']);
export type WithdrawSource = z.infer<typeof withdrawSource>;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
const optionalQueryText = (label: string) => queryText(label, { trim: true }).optional();

/**
 * POST /api/v1/submit-withdrawal (spec 3 §7): the spec's query parameters wallet_id (the coin's id
 * of GET /coin-transaction), initial_amount and network_id, with an empty body. An on-chain
 * withdrawal adds address (and memo where the network needs one); an internal one names the
 * recipient (email or UID) instead of a network and address. The user is the token's; an
 * Idempotency-Key header makes a retry answer the first withdrawal instead of making a second.
 */
export const submitWithdrawalQuery = z.object({
  apikey: queryText('apikey').optional(),
  wallet_id: wholeNumber('wallet_id', { min: 0, max: 1_000_000 }, { required: withdrawMessages.completeFields, invalid: withdrawMessages.unknownCoin }),
  initial_amount: positiveAmountField(withdrawMessages.invalidAmount),
  network_id: wholeNumber('network_id', { min: 1, max: 1_000_000 }, { invalid: 'This network does not exist' }).optional(),
  address: optionalQueryText('address'),
  memo: optionalQueryText('memo'),
  recipient: optionalQueryText('recipient'),
  source: oneOf('source', ['funding', 'spot']).default('funding'),
});
export type SubmitWithdrawalQuery = z.infer<typeof submitWithdrawalQuery>;

/**
 * Withdrawal states (peatio's withdraw model): waiting for the emailed confirmation (nothing held
 * yet), held, waiting for an operator, sent, done; or failed / rejected / cancelled with the hold
 * released, or expired unconfirmed.
 */
export const withdrawalStatus = z.enum(['unconfirmed', 'prepared', 'review', 'processing', 'completed', 'failed', 'rejected', 'cancelled', 'expired']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

/** One withdrawal as the history lists it; spec 3 §3's row (date, coin_name, image_path, final_amount) and the rest of its life. */
export const withdrawalRecord = z.object({
  id: z.string(),
  date: z.string(),
  coin_name: z.string(),
  symbol: z.string(),
  image_path: z.string(),
  kind: z.enum(['onchain', 'internal']),
  source: withdrawSource,
  amount: decimalOut,
  fee: decimalOut,
  final_amount: decimalOut,
  /** Network code, or "Internal". */
  network: z.string(),
  /** The destination address, or the recipient's masked email on an internal withdrawal. */
  address: z.string(),
  memo: z.string().nullable(),
  tx_hash: z.string().nullable(),
  confirmations: z.number().int(),
  confirmations_needed: z.number().int(),
  status: withdrawalStatus,
  reason: z.string().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;
export const withdrawalHistoryResponse = z.array(withdrawalRecord);
export const submitWithdrawalResponse = z.object({ message: z.string(), withdrawal: withdrawalRecord });
export type SubmitWithdrawalResponse = z.infer<typeof submitWithdrawalResponse>;

/**
 * POST /api/v1/withdrawals/{id}/confirm (issue 14 #4, docs/api.md): the second step of a
 * withdrawal. The code mailed when it was submitted and, once the user has the authenticator app
 * on, its code; every rule is checked again, then the amount is held and the withdrawal goes out.
 */
export const withdrawalConfirmRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  email_code: text('email_code', { required: withdrawMessages.codeRequired, trim: true }).regex(/^\d{6}$/, withdrawMessages.codeRequired),
  /** The authenticator code, needed (TOTP_REQUIRED) once the user has the app on. */
  totp_code: totpCodeField.optional(),
});
export type WithdrawalConfirmRequest = z.infer<typeof withdrawalConfirmRequest>;

/** POST /api/v1/withdrawals/{id}/confirm-code: mails a fresh confirmation code for an unconfirmed withdrawal. */
export const withdrawalCodeRequest = jsonBody({ apikey: text('apikey').optional(), uid: uidField });
export const withdrawalCodeResponse = z.object({ message: z.string(), expires_at: z.string() });

/** POST /api/v1/withdrawals/{id}/cancel: a withdrawal not yet sent (unconfirmed, prepared or waiting for review) is cancelled and any hold released. */
export const withdrawalIdParams = z.object({ id: z.uuid({ message: withdrawMessages.notFound }) });
export const withdrawalCancelRequest = jsonBody({ apikey: text('apikey').optional(), uid: uidField });

/** GET /api/v1/withdraw-limits?uid=: what the user may withdraw today and why not. */
export const withdrawLimitsQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });
export const withdrawLimitsResponse = z.object({
  verified: z.boolean(),
  /** Until when a password or email change locks withdrawals, else null. */
  locked_until: z.string().nullable(),
  daily_limit_usdt: decimalOut,
  used_today_usdt: decimalOut,
  remaining_usdt: decimalOut,
  /** Withdrawals above this USDT value wait for an operator's approval. */
  review_threshold_usdt: decimalOut,
  whitelist_only: z.boolean(),
});
export type WithdrawLimitsResponse = z.infer<typeof withdrawLimitsResponse>;

/** The address book (issue 16): saved destinations; adding one needs the code mailed to the user. */
export const addressBookEntry = z.object({
  id: z.string(),
  label: z.string(),
  /** An on-chain address, or another user of the exchange (an internal withdrawal's recipient). */
  kind: z.enum(['onchain', 'internal']),
  /** Null for an internal recipient. */
  network_id: z.number().int().nullable(),
  /** Network code, or "Internal". */
  network: z.string(),
  /** The address, or the recipient as saved (email or UID). */
  address: z.string(),
  memo: z.string().nullable(),
  created_at: z.string(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntry>;
export const addressBookQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });
export const addressBookResponse = z.object({ whitelist_only: z.boolean(), addresses: z.array(addressBookEntry) });
export type AddressBookResponse = z.infer<typeof addressBookResponse>;

/** POST /api/v1/withdraw-addresses/code: mails the code that adding an address needs. */
export const addressCodeRequest = jsonBody({ apikey: text('apikey').optional(), uid: uidField });
export const messageAnswer = z.object({ message: z.string() });

/**
 * POST /api/v1/withdraw-addresses: saves an address, checked for its network, with the mailed code;
 * or, with `recipient` instead of a network and address, another user of the exchange, so that
 * "whitelist only" allows internal withdrawals to them (issue 14 #3).
 */
export const addAddressRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  label: text('label', { required: withdrawMessages.labelRequired, trim: true }).min(1, withdrawMessages.labelRequired).max(40, 'label must be at most 40 characters'),
  network_id: wholeNumber('network_id', { min: 1, max: 1_000_000 }, { invalid: 'This network does not exist' }).optional(),
  address: text('address', { trim: true }).max(128, 'address must be at most 128 characters').optional(),
  recipient: text('recipient', { trim: true }).max(254, 'recipient must be at most 254 characters').optional(),
  memo: text('memo', { trim: true }).max(64, 'memo must be at most 64 characters').optional(),
  code: text('code', { trim: true }).regex(/^\d{6}$/, withdrawMessages.codeRequired),
  /** The authenticator code, needed (TOTP_REQUIRED) once the user has the app on. */
  totp_code: totpCodeField.optional(),
});
export const addAddressResponse = z.object({ message: z.string(), address: addressBookEntry });

/** DELETE /api/v1/withdraw-addresses/{id}?uid=. */
export const addressIdParams = z.object({ id: z.uuid({ message: withdrawMessages.addressNotFound }) });
export const addressDeleteQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });
export const addressDeletedResponse = z.object({ deleted: z.literal(true) });

/** POST /api/v1/withdraw-addresses/whitelist: the "whitelist only" switch. */
export const whitelistRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  /** The emailed code: needed to turn the switch off. */
  code: text('code', { trim: true }).regex(/^\d{6}$/, withdrawMessages.codeRequired).optional(),
});
export const whitelistResponse = z.object({ whitelist_only: z.boolean() });
