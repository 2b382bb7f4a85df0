import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okxCancelWithdrawalBody,
  okxCancelWithdrawalResponse,
  okxErrorResponse,
  okxFundsHistoryQuery,
  okxWithdrawalBody,
  okxWithdrawalHistoryResponse,
  okxWithdrawalResponse,
  withdrawalRecord,
  type OkxWithdrawalBody,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { hashRequest, type Idempotency } from '../../ledger/idempotency.js';
import { Dec } from '../../shared/decimal.js';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { withdrawalPage, type KeyWithdrawalInput, type WithdrawalService } from '../funds/index.js';
import { asOkx, assetCodes } from './asset-codes.js';
import { networkOfChain, okxChainOf } from './chains.js';
import { okxWithdrawalOf } from './funds-shapes.js';
import { ccyOf, limitOf, timeOf } from './paging.js';

export interface WithdrawalRoutesOptions {
  db: Database;
  service: WithdrawalService;
  idempotency: Idempotency;
}

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The idempotency key a withdrawal's clientId stands for, beside the web's Idempotency-Keys. */
const clientKey = (clientId: string) => `okx-withdrawal:${clientId}`;

/**
 * The withdrawal an OKX body asks for, in our terms: the network of `chain` (the coin's first when
 * absent), the memo after the last `:` of `toAddr` on a memo network (ccxt's `address:tag`), and the
 * amount with the fee, since OKX's `amt` leaves the fee out. A `fee` other than the network's is
 * refused as OKX refuses a wrong one.
 */
function withdrawalOf(body: OkxWithdrawalBody, keyLabel: string): KeyWithdrawalInput {
  // dest 3 is OKX's internal transfer to another user by email or phone: not offered to keys here.
  if (body.dest !== '4') throw new OkxError(assetCodes.internalNotAvailable);
  const symbol = body.ccy.toUpperCase();
  const network = networkOfChain(symbol, body.chain);
  if (!network) throw body.chain ? new OkxError(okxCodes.parameter, 'chain') : new OkxError(assetCodes.chainUnavailable);
  const terms = network.coins.find((c) => c.symbol === symbol);
  const fee = new Dec(terms?.withdraw_fee ?? '0');
  if (body.fee !== undefined) {
    if (new Dec(body.fee).lt(fee)) throw new OkxError(assetCodes.feeBelowLower);
    if (new Dec(body.fee).gt(fee)) throw new OkxError(assetCodes.feeAboveUpper);
  }
  const amt = new Dec(body.amt);
  if (!amt.gt(0)) throw new OkxError(assetCodes.belowLowerLimit);
  const split = network.memo ? body.toAddr.lastIndexOf(':') : -1;
  return {
    symbol,
    networkId: network.id,
    address: split < 0 ? body.toAddr : body.toAddr.slice(0, split),
    memo: split < 0 ? '' : body.toAddr.slice(split + 1),
    amount: amt.plus(fee).toFixed(),
    source: 'funding',
    keyLabel,
  };
}

/** OKX v5's withdrawals (issue 42) for keys with the withdraw permission, through the funds product's every rule. */
export const okxWithdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, { db, service, idempotency }) => {
  app.post('/api/v5/asset/withdrawal', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'withdraw', rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: withdraw from the funding account to an address of the address book', body: okxWithdrawalBody, response: { 200: okxWithdrawalResponse, ...errors } },
    handler: async (req) => {
      const { userId, label } = okxCallerOf(req);
      const input = withdrawalOf(req.body, label);
      const clientId = req.body.clientId ?? '';
      const keyed = clientId ? { key: clientKey(clientId), hash: hashRequest(input) } : undefined;
      const { record } = await asOkx(() => service.submitFromKey(userId, input, keyed), 'amt');
      const amt = new Dec(record.amount).minus(record.fee).toFixed();
      return { code: '0' as const, msg: '', data: [{ amt, wdId: record.id, ccy: record.symbol, clientId, chain: okxChainOf(record.symbol, record.network) }] };
    },
  });

  app.get('/api/v5/asset/withdrawal-history', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'withdraw', rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: the user’s on-chain withdrawals, newest first, paged by time', querystring: okxFundsHistoryQuery, response: { 200: okxWithdrawalHistoryResponse, ...errors } },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const q = req.query;
      let id = q.wdId || undefined;
      // A clientId names the withdrawal its first answer was stored with.
      if (q.clientId) {
        const outcome = await idempotency.outcome(userId, clientKey(q.clientId));
        const stored = outcome.outcome === 'done' ? withdrawalRecord.safeParse(outcome.answer) : null;
        if (!stored?.success || (id && id !== stored.data.id)) return { code: '0' as const, msg: '', data: [] };
        id = stored.data.id;
      }
      const rows = await withdrawalPage(db, {
        userId,
        symbol: ccyOf(q.ccy),
        id,
        txId: q.txId || undefined,
        after: timeOf(q.after, 'after'),
        before: timeOf(q.before, 'before'),
        limit: limitOf(q.limit),
      });
      return { code: '0' as const, msg: '', data: rows.map((w) => okxWithdrawalOf(w, q.clientId ?? '')) };
    },
  });

  app.post('/api/v5/asset/cancel-withdrawal', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'withdraw', whileFrozen: true, rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: cancel a withdrawal not yet sent', body: okxCancelWithdrawalBody, response: { 200: okxCancelWithdrawalResponse, ...errors } },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const wdId = req.body.wdId;
      // Another user's withdrawal is not there for this key, as one that never existed.
      if (!UUID.test(wdId)) throw new OkxError(assetCodes.withdrawalMissing);
      await asOkx(() => service.cancel(userId, wdId), 'wdId');
      return { code: '0' as const, msg: '', data: [{ wdId }] };
    },
  });
};
