import { z } from 'zod';
import { oneOf, queryText, wholeNumber } from './fields.js';
import { uidField } from './wallet.js';

/** Deposit and withdrawal texts of spec 3 §8 and the server's answers. */
export const fundsMessages = {
  userIdMissing: 'User ID not found. Please log in again.',
  badRequest: 'Bad request to API (400). Please check your credentials or try again later.',
  loadCoinsFailed: 'Failed to load coin data. Please try again.',
  copyFailed: 'Failed to copy address.',
  noMatchingCrypto: 'No matching crypto found.',
  unknownNetwork: 'This network does not exist',
} as const;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One network a coin can be deposited or withdrawn on. */
export const fundsNetwork = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address_format: z.string(),
  memo: z.boolean(),
  confirmations: z.number().int(),
  withdraw_fee: decimalOut,
  min_deposit: decimalOut,
});
export type FundsNetwork = z.infer<typeof fundsNetwork>;

/** GET /api/v1/coin-transaction (spec 3 §7): the coin list with its networks and the user's balance. */
export const coinTransactionQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
  transaction_type: oneOf('transaction_type', ['deposit', 'withdrawal']),
});
export const coinTransactionRow = z.object({
  coin_id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  logo_path: z.string(),
  price: decimalOut,
  /** Where deposits land (spec 3 §9: deposit account Funding) and what a withdrawal can spend. */
  funding_balance: decimalOut,
  spot_balance: decimalOut,
  networks: z.array(fundsNetwork),
});
export type CoinTransactionRow = z.infer<typeof coinTransactionRow>;
export const coinTransactionResponse = z.array(coinTransactionRow);

/** GET /api/v1/deposit-address: the user's own address on a network, derived on first use and the same ever after. */
export const depositAddressQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
  network_id: wholeNumber('network_id', { min: 1, max: 1_000_000 }, { invalid: fundsMessages.unknownNetwork }),
});
export const depositAddressResponse = z.object({
  network_id: z.number().int(),
  network: z.string(),
  address: z.string(),
  /** The memo or tag a deposit must carry on this network, else null. */
  memo: z.string().nullable(),
});
export type DepositAddressResponse = z.infer<typeof depositAddressResponse>;
