/**
 * OKX v5's codes and texts for what a signed call can get wrong, as OKX documents them
 * (docs-v5 "Error Code", REST "Public" 50000-50120); ccxt maps its exception types from the codes.
 */
export const okxCodes = {
  parameter: { code: '51000', status: 400, msg: 'Parameter {0} error' },
  parameterEmpty: { code: '50014', status: 400, msg: 'Parameter {0} can not be empty' },
  orderIdMissing: { code: '51003', status: 200, msg: 'Either client order ID or order ID is required' },
  orderMissing: { code: '51603', status: 200, msg: 'Order does not exist' },
  rateLimited: { code: '50011', status: 429, msg: 'Rate limit reached. Please refer to API documentation and throttle requests accordingly' },
  internal: { code: '50026', status: 500, msg: 'System error. Try again later' },
  environment: { code: '50101', status: 401, msg: 'APIKey does not match current environment' },
  timestampExpired: { code: '50102', status: 401, msg: 'Timestamp request expired' },
  keyMissing: { code: '50103', status: 401, msg: 'Request header "OK-ACCESS-KEY" cannot be empty' },
  passphraseMissing: { code: '50104', status: 401, msg: 'Request header "OK-ACCESS-PASSPHRASE" cannot be empty' },
  passphraseWrong: { code: '50105', status: 401, msg: 'Request header "OK-ACCESS-PASSPHRASE" incorrect' },
  signMissing: { code: '50106', status: 401, msg: 'Request header "OK-ACCESS-SIGN" cannot be empty' },
  timestampMissing: { code: '50107', status: 401, msg: 'Request header "OK-ACCESS-TIMESTAMP" cannot be empty' },
  ipNotAllowed: { code: '50110', status: 401, msg: "Your IP {0} is not included in your API key's IP whitelist" },
  keyInvalid: { code: '50111', status: 401, msg: 'Invalid OK-ACCESS-KEY' },
  timestampInvalid: { code: '50112', status: 401, msg: 'Invalid OK-ACCESS-TIMESTAMP' },
  signInvalid: { code: '50113', status: 401, msg: 'Invalid signature' },
  permission: { code: '50120', status: 401, msg: "API key doesn't have permission" },
  /** An operator froze the account (issue 43); ccxt raises AccountSuspended. */
  accountBlocked: { code: '50007', status: 200, msg: 'Account blocked' },
} as const;

/** One of okxCodes, or a call's own refusal in OKX's words (a code of OKX's list, its HTTP status and text); other v5 products keep their own lists of these. */
export interface OkxCode {
  readonly code: string;
  readonly status: number;
  readonly msg: string;
}

/** A refusal of a v5 call, answered in OKX's envelope `{code, msg, data: []}` with OKX's HTTP status. */
export class OkxError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(which: OkxCode, param = '') {
    super(which.msg.replace('{0}', param));
    this.name = 'OkxError';
    this.statusCode = which.status;
    this.code = which.code;
  }
}
