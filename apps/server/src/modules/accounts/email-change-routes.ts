import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailChangeCodeRequest,
  emailChangedResponse,
  emailChangeRequest,
  emailChangeVerifyRequest,
  errorResponse,
  resendOtpResponse,
  successMessageResponse,
} from '@exchange/contract';
import type { AccountContext } from './context.js';
import { changeEmail, sendEmailChangeCode, verifyEmailChangeCode } from './email-change-service.js';
import { signedInOf } from './signed-in.js';

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['accounts'];
const security = [{ bearerAuth: [] }];

/** Spec 3 §7's email change, for the signed-in user's own address. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ ctx: AccountContext; limited: object }> = async (app, { ctx, limited }) => {
  app.post('/email_reset/request', {
    config: limited,
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'Mails a code to the current address; within 60 s of the last one none is sent and retry_after_seconds says how long to wait.',
      body: emailChangeCodeRequest,
      response: { 200: resendOtpResponse, ...errors },
    },
    handler: (req) => sendEmailChangeCode(ctx, signedInOf(req), req.body.email, false),
  });

  app.post('/email_reset/resend_otp', {
    config: limited,
    preHandler: app.authenticate,
    schema: { tags, security, body: emailChangeCodeRequest, response: { 200: resendOtpResponse, ...errors } },
    handler: (req) => sendEmailChangeCode(ctx, signedInOf(req), req.body.email, true),
  });

  app.post('/email_reset/verify_otp', {
    config: limited,
    preHandler: app.authenticate,
    schema: { tags, security, description: 'Checks the code without spending it.', body: emailChangeVerifyRequest, response: { 200: successMessageResponse, ...errors } },
    handler: (req) => verifyEmailChangeCode(ctx, signedInOf(req), req.body.email, req.body.otp),
  });

  app.post('/email_reset/change', {
    config: limited,
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description:
        'Moves the account to new_email (free, valid): every other session ends, withdrawals are locked for 24 hours, ' +
        'and both addresses are mailed. totp_code once the authenticator app is on.',
      body: emailChangeRequest,
      response: { 200: emailChangedResponse, ...errors },
    },
    handler: (req) => changeEmail(ctx, signedInOf(req), req.body),
  });
};
