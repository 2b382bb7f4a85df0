import { AppError } from '../../errors.js';
import { OkxError, okxCodes, type OkxCode } from '../api-keys/index.js';

/**
 * OKX v5's codes of the funding calls ("Error Code > REST API > Funding", 58000-58399), as ccxt's
 * okx class maps them to exception types (58350 InsufficientFunds, 58207 InvalidAddress, ...).
 * Business refusals answer HTTP 200, as OKX's do.
 */
export const assetCodes = {
  accountBlocked: { code: '58004', status: 200, msg: 'Account blocked' },
  transferAmountPositive: { code: '58114', status: 200, msg: 'Transfer amount must be more than 0' },
  transferAboveLimit: { code: '58116', status: 200, msg: 'Transfer amount exceeds the limit' },
  transferSameAccount: { code: '58123', status: 200, msg: 'Parameter from cannot equal to parameter to' },
  transferType: { code: '58127', status: 200, msg: "Main account API Key does not support current transfer 'type' parameter. Please refer to the API documentation." },
  chainUnavailable: { code: '58200', status: 200, msg: 'Withdrawal of this currency on this chain is unavailable' },
  dailyLimit: { code: '58201', status: 200, msg: 'Withdrawal amount exceeds daily withdrawal limit' },
  aboveUpperLimit: { code: '58205', status: 200, msg: 'Withdrawal amount exceeds the upper withdrawal limit' },
  belowLowerLimit: { code: '58206', status: 200, msg: 'Withdrawal amount is less than the lower withdrawal limit' },
  addressNotVerified: { code: '58207', status: 200, msg: "Withdrawal address isn't on the verified address list. (The format for withdrawal addresses with a label is “address:label”.)" },
  feeAboveUpper: { code: '58210', status: 200, msg: 'Withdrawal fee exceeds the upper limit' },
  feeBelowLower: { code: '58211', status: 200, msg: 'Withdrawal fee is lower than the lower limit (withdrawal endpoint: incorrect fee)' },
  withdrawalMissing: { code: '58215', status: 200, msg: 'Withdrawal ID does not exist.' },
  operationNotAllowed: { code: '58216', status: 200, msg: 'Operation not allowed.' },
  illegalAddress: { code: '58222', status: 200, msg: 'Illegal withdrawal address.' },
  internalNotAvailable: { code: '58224', status: 200, msg: 'This type of crypto does not support on-chain withdrawing to OKX addresses. Please withdraw through internal transfers.' },
  insufficient: { code: '58350', status: 200, msg: 'Insufficient balance' },
  kycRequired: { code: '59113', status: 200, msg: 'According to local laws and regulations, please complete identity verification first' },
} as const satisfies Record<string, OkxCode>;

/** The web service's refusals (their AppError codes) that mean the same to a bot as one of OKX's. */
const BY_APP_CODE: Record<string, OkxCode> = {
  INSUFFICIENT_BALANCE: assetCodes.insufficient,
  AMOUNT_TOO_LARGE: assetCodes.aboveUpperLimit,
  TOO_MANY_DECIMALS: okxCodes.parameter,
  DAILY_LIMIT: assetCodes.dailyLimit,
  IDENTITY_NOT_VERIFIED: assetCodes.kycRequired,
  WITHDRAWALS_LOCKED: assetCodes.accountBlocked,
  WHITELIST_ONLY: assetCodes.addressNotVerified,
  INVALID_ADDRESS: assetCodes.illegalAddress,
  INVALID_MEMO: assetCodes.illegalAddress,
  BURN_ADDRESS: assetCodes.illegalAddress,
  NOT_ON_NETWORK: assetCodes.chainUnavailable,
  NOT_PAYABLE: assetCodes.chainUnavailable,
  UNKNOWN_NETWORK: assetCodes.chainUnavailable,
  NOT_FOUND: assetCodes.withdrawalMissing,
  NOT_CANCELLABLE: assetCodes.operationNotAllowed,
  IDEMPOTENCY_KEY_REUSED: okxCodes.parameter,
};

/**
 * Runs a call of the web's services and answers their refusals in OKX's codes; a refusal with no
 * OKX equivalent is OKX's 51000 naming `param`. Too many at once is OKX's 50011; a 5xx goes on to
 * the signed scope, which answers 50026.
 */
export async function asOkx<T>(run: () => Promise<T>, param: string, overrides: Record<string, OkxCode> = {}): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    if (err.statusCode === 429) throw new OkxError(okxCodes.rateLimited);
    const which = (err.code && (overrides[err.code] ?? BY_APP_CODE[err.code])) || null;
    if (which === okxCodes.parameter || which === null) throw new OkxError(okxCodes.parameter, param);
    throw new OkxError(which);
  }
}
