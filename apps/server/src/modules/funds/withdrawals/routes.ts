import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAddressRequest,
  addAddressResponse,
  addressBookQuery,
  addressBookResponse,
  addressCodeRequest,
  addressDeletedResponse,
  addressDeleteQuery,
  addressIdParams,
  errorResponse,
  messageAnswer,
  submitWithdrawalQuery,
  submitWithdrawalResponse,
  whitelistRequest,
  whitelistResponse,
  withdrawalCancelRequest,
  withdrawalCodeRequest,
  withdrawalCodeResponse,
  withdrawalConfirmRequest,
  withdrawalIdParams,
  withdrawalRecord,
  withdrawLimitsQuery,
  withdrawLimitsResponse,
  withdrawMessages,
} from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { keyedRequest } from '../../../ledger/idempotency.js';
import { selfByUid } from '../../../plugins/auth.js';
import { Dec } from '../../../shared/decimal.js';
import type { PurposeCodes } from '../../accounts/index.js';
import { addressBookOf, checkNewAddress, deleteAddress, newAddressOf, saveAddress, setWhitelistOnly } from './address-book.js';
import { dayStart } from './rules.js';
import type { SecondFactorCheck, WithdrawalLimits, WithdrawalService } from './service.js';
import { usedSince, withdrawerFacts } from './store.js';

export interface WithdrawalRoutesOptions {
  db: Database;
  service: WithdrawalService;
  limits: WithdrawalLimits;
  /** The emailed codes that adding an address, or turning "whitelist only" off, needs. */
  codes: PurposeCodes;
  /** The authenticator code adding an address needs once the user has the app on. */
  secondFactor: SecondFactorCheck;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['funds'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** Withdrawals: submit (spec 3 §7), cancel, today's limits, and the address book with its "whitelist only" switch. */
export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, { db, service, limits, codes, secondFactor, now }) => {
  app.post('/submit-withdrawal', {
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description:
        'Spec 3 §7: wallet_id (the coin id of GET /coin-transaction), initial_amount and network_id in the query, empty body; ' +
        'address and memo for an on-chain withdrawal, or recipient (email or UID) for an internal one. Every rule is checked, the ' +
        'withdrawal is stored unconfirmed (nothing held) and a code naming its address and amount is mailed: ' +
        'POST /withdrawals/{id}/confirm with that code sends it. An Idempotency-Key header makes a retry answer the first withdrawal.',
      querystring: submitWithdrawalQuery,
      response: { 201: submitWithdrawalResponse, ...errors },
    },
    handler: async (req, reply) => {
      const userId = req.session?.userId;
      if (!userId) throw new AppError(401, 'Please log in', 'UNAUTHORIZED');
      const { apikey: _apikey, ...fields } = req.query;
      const { record, replayed } = await service.submit(userId, req.query, keyedRequest(req.headers, fields));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ message: withdrawMessages.confirmSent, withdrawal: record });
    },
  });

  app.post('/withdrawals/:id/confirm', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description:
        'The second step of a withdrawal (docs/api.md): the code mailed when it was submitted and, with the authenticator app on, ' +
        'its code. Every rule is checked again; the amount is then held and the withdrawal goes out (an internal one is paid at once).',
      params: withdrawalIdParams,
      body: withdrawalConfirmRequest,
      response: { 200: submitWithdrawalResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      const withdrawal = await service.confirm(userId, req.params.id, req.body.email_code, req.body.totp_code);
      return { message: withdrawMessages.submitted, withdrawal };
    },
  });

  app.post('/withdrawals/:id/confirm-code', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Mails a fresh code for a withdrawal waiting for its confirmation: at most one a minute, five in all; the last code replaces the earlier ones.',
      params: withdrawalIdParams,
      body: withdrawalCodeRequest,
      response: { 200: withdrawalCodeResponse, ...errors },
    },
    handler: async (req) => {
      const { expiresAt } = await service.resendCode(selfByUid(req, req.body.uid), req.params.id);
      return { message: withdrawMessages.confirmSent, expires_at: expiresAt.toISOString() };
    },
  });

  app.post('/withdrawals/:id/cancel', {
    config: { apiKeyIn: 'body', whileFrozen: true },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Cancels a withdrawal not yet sent (unconfirmed, prepared, or waiting for review): any hold goes back to the wallet.',
      params: withdrawalIdParams,
      body: withdrawalCancelRequest,
      response: { 200: withdrawalRecord, ...errors },
    },
    handler: async (req) => service.cancel(selfByUid(req, req.body.uid), req.params.id),
  });

  app.get('/withdraw-limits', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: withdrawLimitsQuery, response: { 200: withdrawLimitsResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const at = now();
      const facts = await withdrawerFacts(db, userId);
      const limit = facts.verified ? limits.dailyLimitUsdt : new Dec(0);
      const used = await usedSince(db, userId, dayStart(at));
      return {
        verified: facts.verified,
        locked_until: facts.lockedUntil && facts.lockedUntil > at ? facts.lockedUntil.toISOString() : null,
        daily_limit_usdt: limit.toFixed(),
        used_today_usdt: used.toDecimalPlaces(2, Dec.ROUND_UP).toFixed(),
        remaining_usdt: Dec.max(0, limit.minus(used)).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(),
        review_threshold_usdt: limits.reviewThresholdUsdt.toFixed(),
        whitelist_only: facts.whitelistOnly,
      };
    },
  });

  app.get('/withdraw-addresses', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: addressBookQuery, response: { 200: addressBookResponse, ...errors } },
    handler: async (req) => addressBookOf(db, selfByUid(req, req.query.uid)),
  });

  app.post('/withdraw-addresses/code', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Mails the 6-digit code that adding an address (or turning "whitelist only" off) needs; a second request within 60 s sends none.',
      body: addressCodeRequest,
      response: { 200: messageAnswer, ...errors },
    },
    handler: async (req) => {
      await codes.send(selfByUid(req, req.body.uid));
      return { message: withdrawMessages.addressCodeSent };
    },
  });

  app.post('/withdraw-addresses', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: { tags, security, body: addAddressRequest, response: { 201: addAddressResponse, ...errors } },
    handler: async (req, reply) => {
      const userId = selfByUid(req, req.body.uid);
      const entry = newAddressOf(req.body);
      checkNewAddress(entry);
      await secondFactor.require(userId, req.body.totp_code);
      await codes.verify(userId, req.body.code);
      const saved = await saveAddress(db, userId, entry, now());
      return reply.status(201).send({ message: withdrawMessages.addressSaved, address: saved });
    },
  });

  app.delete('/withdraw-addresses/:id', {
    preHandler: app.requireVerified,
    schema: { tags, security, params: addressIdParams, querystring: addressDeleteQuery, response: { 200: addressDeletedResponse, ...errors } },
    handler: async (req) => {
      await deleteAddress(db, selfByUid(req, req.query.uid), req.params.id);
      return { deleted: true as const };
    },
  });

  app.post('/withdraw-addresses/whitelist', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Turns "whitelist only" on (withdrawals only to saved addresses) or off; off needs the emailed code, as taking a protection away should.',
      body: whitelistRequest,
      response: { 200: whitelistResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      if (!req.body.enabled) {
        if (!req.body.code) throw new AppError(400, withdrawMessages.codeRequired, 'CODE_REQUIRED');
        await codes.verify(userId, req.body.code);
      }
      return { whitelist_only: await setWhitelistOnly(db, userId, req.body.enabled) };
    },
  });
};
