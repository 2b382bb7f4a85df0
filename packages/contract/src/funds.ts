import { z } from 'zod';
import { addressSchemes } from './address-scheme.js';
import { jsonBody, oneOf, queryText, text, wholeNumber } from './fields.js';
import { positiveAmountField, uidField } from './wallet.js';
import { fillMessage } from './message-codes.js';

/** Deposit and withdrawal texts of spec 3 §8 and the server's answers. */
export const fundsMessages = {
  userIdMissing: 'User ID not found. Please log in again.',
  badRequest: 'Bad request to API (400). Please check your credentials or try again later.',
  loadCoinsFailed: 'Failed to load coin data. Please try again.',
  copyFailed: 'Failed to copy address.',
  noMatchingCrypto: 'No matching crypto found.',
  unknownNetwork: 'This network does not exist',
  notOnNetwork: (symbol: string, network: string) => fillMessage('deposit.notOnNetwork', { symbol, network }),
  belowMinimum: (min: string, symbol: string) => fillMessage('deposit.belowMinimum', { min, symbol }),
  depositsEmpty: 'No records found',
  simulatorOnly: 'Deposits are simulated only on the embedded default (chain simulator)',
  networkClosed: (network: string) => fillMessage('deposit.networkClosed', { network }),
  depositAboveMaximum: (max: string, symbol: string) => fillMessage('deposit.aboveMaximum', { max, symbol }),
  depositUnreadable: (amount: string, symbol: string) => fillMessage('deposit.unreadable', { amount, symbol }),
  depositAboveCapacity: (symbol: string) => fillMessage('deposit.aboveCapacity', { symbol }),
} as const;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One network a coin can be deposited or withdrawn on. */
export const fundsNetwork = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address_format: z.string(),
  /** Which of the contract's address rules the network's addresses follow, so the withdraw form checks what the server will. */
  scheme: z.enum(addressSchemes),
  memo: z.boolean(),
  confirmations: z.number().int(),
  withdraw_fee: decimalOut,
  min_deposit: decimalOut,
  /** The token's decimals on this network: an amount with more cannot be sent on it. */
  decimals: z.number().int(),
  /**
   * Served by the chain simulator, and the user may send it test coins (SIMULATED_CHAINS=on): the
   * web shows "Simulate a deposit" only then.
   */
  simulated: z.boolean(),
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

/** Deposit states (peatio's deposit model): seen on chain, confirmed, credited; or skipped with a reason. */
export const depositStatus = z.enum(['submitted', 'accepted', 'credited', 'skipped', 'rejected']);
export type DepositStatus = z.infer<typeof depositStatus>;

/** GET /api/v1/transaction-history/{uid}?transaction_type=deposit: the user's deposits, newest first. */
export const transactionHistoryParams = z.object({ uid: uidField });
export const transactionHistoryQuery = z.object({
  apikey: queryText('apikey').optional(),
  transaction_type: oneOf('transaction_type', ['deposit', 'withdraw']),
  limit: wholeNumber('limit', { min: 1, max: 500 }, { invalid: 'limit must be a whole number from 1 to 500' }).default(100),
});
export const depositRecord = z.object({
  id: z.string(),
  date: z.string(),
  coin_name: z.string(),
  symbol: z.string(),
  image_path: z.string(),
  amount: decimalOut,
  fee: decimalOut,
  final_amount: decimalOut,
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  tx_hash: z.string(),
  confirmations: z.number().int(),
  confirmations_needed: z.number().int(),
  status: depositStatus,
  /** Why a deposit was not credited (below the network's minimum...). */
  reason: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;
export const depositHistoryResponse = z.array(depositRecord);

/**
 * POST /api/v1/simulated-chain/deposits (the chain simulator of the embedded default only): sends
 * `amount` of the coin to the user's own deposit address on a simulated network, as a wallet
 * outside the exchange would; the watcher then sees it like any transfer.
 */
export const simulateDepositRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  network_id: wholeNumber('network_id', { min: 1, max: 1_000_000 }, { invalid: fundsMessages.unknownNetwork }),
  symbol: text('symbol', { trim: true }).refine((v) => /^[A-Za-z0-9]{2,10}$/.test(v), 'symbol must be a coin symbol such as USDT'),
  amount: positiveAmountField('Please enter a valid amount'),
});
export const simulateDepositResponse = z.object({ tx_hash: z.string(), network: z.string(), address: z.string(), amount: decimalOut });

/**
 * A transfer as a chain adapter reports it (the simulator's table, an EVM node's logs): data from
 * outside, parsed before the deposit watcher reads it. Every string is bounded; the amount stays
 * text, so the watcher can record and refuse one no column holds (issue 14 #2).
 */
export const chainTransfer = z.object({
  networkId: z.number().int().positive(),
  txHash: z.string().min(1).max(200),
  /** An output or log index; -1 for an EVM transaction's own value (evm/deposit-scan.ts). */
  index: z.number().int().min(-1).max(1_000_000_000),
  blockHeight: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  to: z.string().min(1).max(200),
  memo: z.string().max(100).nullable(),
  symbol: z.string().regex(/^[A-Z0-9]{2,10}$/),
  amount: z.string().min(1).max(200),
});
