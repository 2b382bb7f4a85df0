import { z } from 'zod';
import { queryText } from '../fields.js';
import { OKX_PARAM_MAX_LENGTH } from './public.js';

/**
 * OKX v5's funding and bill calls (issue 42): currencies, transfers between the trading and funding
 * accounts, bills, deposits and withdrawals, with a signed key. Field names and string numbers as
 * OKX documents them ("Funding Account", "Trading Account > Get bills details"), since ccxt's okx
 * class reads them unchanged. Query parameters are single strings the handlers read, answering a
 * wrong one with OKX's 51000.
 */

const param = (label: string) =>
  queryText(label)
    .refine((value) => value.length <= OKX_PARAM_MAX_LENGTH, { message: `${label} must be at most ${OKX_PARAM_MAX_LENGTH} characters` })
    .optional();
const ccy = z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'ccy must be a currency such as BTC');
/** A positive decimal as OKX takes it: a string (ccxt's), or a JSON number from other clients. */
const decimal = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, `${label} must be a positive decimal`),
  );
/** OKX's client-supplied id of a transfer or withdrawal: letters and digits, up to 32. */
const clientId = z
  .string()
  .regex(/^[A-Za-z0-9]{0,32}$/, 'clientId must be up to 32 letters and digits')
  .optional();
/** OKX's answer; a business refusal keeps it with its code and no data, as OKX answers those with HTTP 200. */
const envelope = <T extends z.ZodTypeAny>(item: T) => z.object({ code: z.string(), msg: z.string(), data: z.array(item) });

/** GET /api/v5/asset/currencies: one row per currency and chain. */
export const okxCurrenciesQuery = z.object({ ccy: param('ccy') });
export const okxCurrencyChain = z.object({
  ccy: z.string(),
  name: z.string(),
  logoLink: z.string(),
  chain: z.string(),
  ctAddr: z.string(),
  canDep: z.boolean(),
  canWd: z.boolean(),
  canInternal: z.boolean(),
  minDep: z.string(),
  minWd: z.string(),
  maxWd: z.string(),
  wdTickSz: z.string(),
  wdQuota: z.string(),
  usedWdQuota: z.string(),
  fee: z.string(),
  minFee: z.string(),
  maxFee: z.string(),
  mainNet: z.boolean(),
  needTag: z.boolean(),
  minDepArrivalConfirm: z.string(),
  minWdUnlockConfirm: z.string(),
  depQuotaFixed: z.string(),
  usedDepQuotaFixed: z.string(),
  burningFeeRate: z.string(),
});
export const okxCurrenciesResponse = envelope(okxCurrencyChain);

/** OKX's account types of a transfer: 6 funding, 18 trading. */
export const OKX_ACCOUNT_TYPES = ['6', '18'] as const;

/** POST /api/v5/asset/transfer: within the user's own accounts (type 0) only. */
export const okxTransferBody = z.object({
  ccy,
  amt: decimal('amt'),
  from: z.string().max(8),
  to: z.string().max(8),
  type: z.string().max(2).optional(),
  subAcct: z.string().max(32).optional(),
  loanTrans: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  omitPosRisk: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  clientId,
});
export type OkxTransferBody = z.infer<typeof okxTransferBody>;
export const okxTransferResponse = envelope(z.object({ transId: z.string(), ccy: z.string(), clientId: z.string(), from: z.string(), amt: z.string(), to: z.string() }));

/** GET /api/v5/asset/transfer-state: by transId or clientId. */
export const okxTransferStateQuery = z.object({ transId: param('transId'), clientId: param('clientId'), type: param('type') });
export const okxTransferStateResponse = envelope(
  z.object({
    amt: z.string(),
    ccy: z.string(),
    clientId: z.string(),
    from: z.string(),
    instId: z.string(),
    state: z.string(),
    subAcct: z.string(),
    to: z.string(),
    toInstId: z.string(),
    transId: z.string(),
    type: z.string(),
  }),
);

/** GET /api/v5/account/bills and /bills-archive, GET /api/v5/asset/bills. */
export const okxBillsQuery = z.object({
  instType: param('instType'),
  ccy: param('ccy'),
  mgnMode: param('mgnMode'),
  ctType: param('ctType'),
  type: param('type'),
  subType: param('subType'),
  after: param('after'),
  before: param('before'),
  begin: param('begin'),
  end: param('end'),
  limit: param('limit'),
});
export type OkxBillsQuery = z.infer<typeof okxBillsQuery>;
export const okxBill = z.object({
  bal: z.string(),
  balChg: z.string(),
  billId: z.string(),
  ccy: z.string(),
  clOrdId: z.string(),
  execType: z.string(),
  fee: z.string(),
  from: z.string(),
  instId: z.string(),
  instType: z.string(),
  interest: z.string(),
  mgnMode: z.string(),
  notes: z.string(),
  ordId: z.string(),
  pnl: z.string(),
  posBal: z.string(),
  posBalChg: z.string(),
  px: z.string(),
  subType: z.string(),
  sz: z.string(),
  tag: z.string(),
  to: z.string(),
  tradeId: z.string(),
  ts: z.string(),
  type: z.string(),
});
export const okxBillsResponse = envelope(okxBill);

/** GET /api/v5/asset/deposit-address. */
export const okxDepositAddressQuery = z.object({ ccy: param('ccy') });
export const okxDepositAddressResponse = envelope(
  z.object({
    chain: z.string(),
    ctAddr: z.string(),
    ccy: z.string(),
    to: z.string(),
    addr: z.string(),
    verifiedName: z.string(),
    selected: z.boolean(),
    memo: z.string().optional(),
    tag: z.string().optional(),
  }),
);

/** GET /api/v5/asset/deposit-history and /withdrawal-history: paged by time in ms. */
export const okxFundsHistoryQuery = z.object({
  ccy: param('ccy'),
  depId: param('depId'),
  wdId: param('wdId'),
  txId: param('txId'),
  type: param('type'),
  state: param('state'),
  after: param('after'),
  before: param('before'),
  limit: param('limit'),
  clientId: param('clientId'),
});
export type OkxFundsHistoryQuery = z.infer<typeof okxFundsHistoryQuery>;
export const okxDepositRow = z.object({
  actualDepBlkConfirm: z.string(),
  amt: z.string(),
  areaCodeFrom: z.string(),
  ccy: z.string(),
  chain: z.string(),
  depId: z.string(),
  from: z.string(),
  fromWdId: z.string(),
  state: z.string(),
  to: z.string(),
  ts: z.string(),
  txId: z.string(),
  memo: z.string().optional(),
});
export const okxDepositHistoryResponse = envelope(okxDepositRow);
export const okxWithdrawalRow = z.object({
  chain: z.string(),
  fee: z.string(),
  feeCcy: z.string(),
  ccy: z.string(),
  clientId: z.string(),
  amt: z.string(),
  txId: z.string(),
  from: z.string(),
  areaCodeFrom: z.string(),
  to: z.string(),
  areaCodeTo: z.string(),
  state: z.string(),
  ts: z.string(),
  nonTradableAsset: z.boolean(),
  wdId: z.string(),
  memo: z.string().optional(),
});
export const okxWithdrawalHistoryResponse = envelope(okxWithdrawalRow);

/** POST /api/v5/asset/withdrawal: on chain (dest 4) to an address of the user's address book. */
export const okxWithdrawalBody = z.object({
  ccy,
  amt: decimal('amt'),
  dest: z.enum(['3', '4']),
  toAddr: z.string().min(1).max(256),
  chain: z.string().max(OKX_PARAM_MAX_LENGTH).optional(),
  fee: decimal('fee').optional(),
  areaCode: z.string().max(8).optional(),
  toAddrType: z.string().max(2).optional(),
  clientId,
});
export type OkxWithdrawalBody = z.infer<typeof okxWithdrawalBody>;
export const okxWithdrawalResponse = envelope(z.object({ amt: z.string(), wdId: z.string(), ccy: z.string(), clientId: z.string(), chain: z.string() }));

/** POST /api/v5/asset/cancel-withdrawal. */
export const okxCancelWithdrawalBody = z.object({ wdId: z.string().min(1).max(OKX_PARAM_MAX_LENGTH) });
export const okxCancelWithdrawalResponse = envelope(z.object({ wdId: z.string() }));
