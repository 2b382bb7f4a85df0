import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  antiPhishingRequest,
  antiPhishingResponse,
  apiErrorCodes,
  errorResponse,
  loginHistoryResponse,
  securityMessages,
  securityOverviewResponse,
  securityQuery,
  serverMessages,
  sessionEndResponse,
  sessionIdParams,
  resendOtpResponse,
  successMessageResponse,
  totpDisableRequest,
  totpEnableRequest,
  totpEnableResponse,
  totpSetupResponse,
  userIdBody,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { assertSelf } from '../../plugins/auth.js';
import { lockWithdrawalsAfterChange } from '../accounts/index.js';
import type { Proof, Reauthentication } from '../accounts/index.js';
import { sessionClient, type Sessions } from '../sessions/index.js';
import { setAntiPhishingPhrase } from './anti-phishing.js';
import { endSession, loginHistory } from './logins.js';
import { securityOverview } from './overview.js';
import type { TwoFactor } from './two-factor.js';

export interface SecurityRoutesOptions {
  db: Database;
  twoFactor: TwoFactor;
  /** The password or a mailed code, asked again before the authenticator app is turned on. */
  reauth: Reauthentication;
  sessions: Sessions;
  now: () => Date;
  /** Per-IP requests per minute on the calls that check a code; 0 turns the limit off. */
  perIpPerMinute: number;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['security'];
const security = [{ bearerAuth: [] }];

/** The security centre (issue 17), mounted at /api/user_account/security; every call is the token user's own. */
export const securityRoutes: FastifyPluginAsyncZod<SecurityRoutesOptions> = async (app, { db, twoFactor, reauth, sessions, now, perIpPerMinute }) => {
  const limited = { rateLimit: perIpPerMinute > 0 ? { max: perIpPerMinute, timeWindow: 60_000 } : false };
  app.addHook('preHandler', app.authenticate);

  const overviewOf = async (userId: string) => {
    const overview = await securityOverview(db, userId, now());
    if (!overview) throw new AppError(404, serverMessages.notFound, apiErrorCodes.notFound);
    return overview;
  };

  app.get('', {
    schema: { tags, security, querystring: securityQuery, response: { 200: securityOverviewResponse, ...errors } },
    handler: async (req) => {
      assertSelf(req, req.query.user_id);
      return overviewOf(req.query.user_id);
    },
  });

  app.post('/totp/setup', {
    config: limited,
    schema: {
      tags,
      security,
      description: 'A new authenticator secret and its otpauth:// URI for the QR code; it works once POST /totp/enable confirms a code. 409 when the app is already on.',
      body: userIdBody,
      response: { 200: totpSetupResponse, ...errors },
    },
    handler: async (req) => {
      assertSelf(req, req.body.user_id);
      const { email } = await overviewOf(req.body.user_id);
      return twoFactor.setup(req.body.user_id, email);
    },
  });

  app.post('/totp/code', {
    config: limited,
    schema: {
      tags,
      security,
      description:
        'Mails a code to the account\u2019s address for POST /totp/enable, for a user who prefers it to the password; within 60 s of the last one none is sent and retry_after_seconds says how long to wait. 409 when the app is already on.',
      body: userIdBody,
      response: { 200: resendOtpResponse, ...errors },
    },
    handler: async (req) => {
      assertSelf(req, req.body.user_id);
      if (await twoFactor.enabled(req.body.user_id)) throw new AppError(409, securityMessages.totpAlreadyEnabled, 'TOTP_STATE');
      return reauth.sendCode(req.body.user_id);
    },
  });

  app.post('/totp/enable', {
    config: limited,
    schema: {
      tags,
      security,
      description:
        'Turns the app on with a code of the secret from /totp/setup and the password or the code from /totp/code; answers ten recovery codes, shown this once.',
      body: totpEnableRequest,
      response: { 200: totpEnableResponse, ...errors },
    },
    handler: async (req) => {
      const { user_id: userId, password, otp } = req.body;
      assertSelf(req, userId);
      // The schema lets exactly one of the two through.
      const proof: Proof = password !== undefined ? { password } : { otp: otp ?? '' };
      await reauth.check(userId, proof, sessionClient(req).address);
      const codes = await twoFactor.enable(userId, req.body.totp_code, (q) => reauth.spend(q, userId, proof));
      return { success: true as const, message: securityMessages.totpEnabled, recovery_codes: codes };
    },
  });

  app.post('/totp/disable', {
    config: limited,
    schema: {
      tags,
      security,
      description: 'Turns the app off with one of its codes or a recovery code; withdrawals are locked for 24 hours, as after a password change.',
      body: totpDisableRequest,
      response: { 200: successMessageResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.body.user_id;
      assertSelf(req, userId);
      await twoFactor.disable(userId, req.body.totp_code, (q) => lockWithdrawalsAfterChange(q, userId, now()));
      return { success: true, message: securityMessages.totpDisabled };
    },
  });

  app.post('/anti-phishing', {
    config: limited,
    schema: {
      tags,
      security,
      description: 'Sets the phrase every mail to the user opens with; totp_code once the authenticator app is on.',
      body: antiPhishingRequest,
      response: { 200: antiPhishingResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.body.user_id;
      assertSelf(req, userId);
      await twoFactor.require(userId, req.body.totp_code);
      await setAntiPhishingPhrase(db, userId, req.body.phrase);
      return { success: true as const, message: securityMessages.phraseSaved, anti_phishing_phrase: req.body.phrase };
    },
  });

  app.get('/logins', {
    schema: {
      tags,
      security,
      description: 'The last 50 sign-ins, newest first: time, client address, device; the live ones are the active sessions.',
      querystring: securityQuery,
      response: { 200: loginHistoryResponse, ...errors },
    },
    handler: async (req) => {
      assertSelf(req, req.query.user_id);
      return loginHistory(db, req.query.user_id, req.session?.sessionId, now());
    },
  });

  app.delete('/sessions/:id', {
    schema: {
      tags,
      security,
      description: 'Ends one of the user\u2019s sessions: its token fails from the next call on.',
      params: sessionIdParams,
      querystring: securityQuery,
      response: { 200: sessionEndResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.query.user_id;
      assertSelf(req, userId);
      if (!(await endSession(db, userId, req.params.id, now()))) {
        throw new AppError(404, securityMessages.sessionNotFound, apiErrorCodes.notFound);
      }
      sessions.events.revoked(userId, { only: req.params.id });
      return { success: true as const, message: securityMessages.sessionEnded };
    },
  });
};
