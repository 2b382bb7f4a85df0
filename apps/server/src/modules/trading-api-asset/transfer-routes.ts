import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxErrorResponse, okxTransferBody, okxTransferResponse, okxTransferStateQuery, okxTransferStateResponse, transferResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { hashRequest, type Idempotency } from '../../ledger/idempotency.js';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { transfer, transferById, type TransferDeps, type TransferWallet } from '../wallets/index.js';
import { asOkx, assetCodes } from './asset-codes.js';

export interface TransferRoutesOptions {
  db: Database;
  transfers: TransferDeps;
  idempotency: Idempotency;
}

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];

/** OKX's account types as our wallets: the funding account is the funding wallet; into and out of the trading account goes through spot. */
const WALLET_OF: Record<string, TransferWallet> = { '6': 'funding', '18': 'spot' };
const TYPE_OF: Record<TransferWallet, string> = { funding: '6', spot: '18', futures: '18' };

/** The idempotency key a transfer's clientId stands for: its own name space beside the web's Idempotency-Keys. */
const clientKey = (clientId: string) => `okx-transfer:${clientId}`;

function walletOf(value: string, name: 'from' | 'to'): TransferWallet {
  const wallet = WALLET_OF[value];
  if (!wallet) throw new OkxError(okxCodes.parameter, name);
  return wallet;
}

/** POST /api/v5/asset/transfer and GET /asset/transfer-state (issue 42), through the wallets product's transfer. */
export const okxTransferRoutes: FastifyPluginAsyncZod<TransferRoutesOptions> = async (app, { db, transfers, idempotency }) => {
  app.post('/api/v5/asset/transfer', {
    // OKX: 2 requests per second per currency; one bucket per key here.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(2, 1_000) },
    schema: { tags, security, summary: 'OKX v5: move a currency between the funding (6) and trading (18) accounts', body: okxTransferBody, response: { 200: okxTransferResponse, ...errors } },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const body = req.body;
      if (body.type !== undefined && body.type !== '' && body.type !== '0') throw new OkxError(assetCodes.transferType);
      const from = walletOf(body.from, 'from');
      const to = walletOf(body.to, 'to');
      if (from === to) throw new OkxError(assetCodes.transferSameAccount);
      const input = { symbol: body.ccy.toUpperCase(), amount: body.amt, from, to };
      const keyed = body.clientId ? { key: clientKey(body.clientId), hash: hashRequest(input) } : undefined;
      const { answer } = await asOkx(() => transfer(transfers, userId, input, keyed), 'amt', {
        VALIDATION: assetCodes.transferAmountPositive,
        AMOUNT_TOO_LARGE: assetCodes.transferAboveLimit,
        IDEMPOTENCY_KEY_REUSED: okxCodes.parameter,
      });
      const t = answer.transfer;
      return {
        code: '0' as const,
        msg: '',
        data: [{ transId: t.id, ccy: t.symbol, clientId: body.clientId ?? '', from: body.from, amt: t.amount, to: body.to }],
      };
    },
  });

  app.get('/api/v5/asset/transfer-state', {
    // OKX: 10 requests per second.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(10, 1_000) },
    schema: { tags, security, summary: 'OKX v5: one of the key’s transfers by transId or clientId', querystring: okxTransferStateQuery, response: { 200: okxTransferStateResponse, ...errors } },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const { transId, clientId } = req.query;
      if (!transId && !clientId) throw new OkxError(okxCodes.parameterEmpty, 'transId');
      let id = transId;
      if (!id && clientId) {
        const outcome = await idempotency.outcome(userId, clientKey(clientId));
        const stored = outcome.outcome === 'done' ? transferResponse.safeParse(outcome.answer) : null;
        id = stored?.success ? stored.data.transfer.id : undefined;
      }
      // Another user's transfer is not there for this key, as one that never existed.
      const row = id ? await transferById(db, userId, id) : null;
      if (!row) return { code: '0' as const, msg: '', data: [] };
      return {
        code: '0' as const,
        msg: '',
        data: [
          {
            amt: row.amount,
            ccy: row.symbol,
            clientId: clientId ?? '',
            from: TYPE_OF[row.from_wallet],
            instId: '',
            state: row.status === 'completed' ? 'success' : 'failed',
            subAcct: '',
            to: TYPE_OF[row.to_wallet],
            toInstId: '',
            transId: row.id,
            type: '0',
          },
        ],
      };
    },
  });
};
