import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSentResponse,
  editProfileFields,
  editProfileResponse,
  emailOnlyRequest,
  errorResponse,
  getWalletResponse,
  loginRequest,
  loginResponse,
  PROFILE_IMAGE_MAX_BYTES,
  resendOtpResponse,
  resetPasswordRequest,
  resetRequest,
  resetVerifyRequest,
  signupRequest,
  signupResponse,
  successMessageResponse,
  userIdParams,
  userIdQuery,
  userInformationResponse,
  verifyOtpRequest,
} from '@exchange/contract';
import { assertSelf } from '../../plugins/auth.js';
import { sessionClient } from '../sessions/index.js';
import type { AccountContext } from './context.js';
import { mailVerificationCode, signup, verificationResentAnswer, verifyEmail } from './signup-service.js';
import { login } from './login-service.js';
import {
  mailResetCode,
  requestPasswordChangeCode,
  resetPassword,
  resetRequestedAnswer,
  resetResentAnswer,
  verifyResetCode,
} from './reset-service.js';
import { editProfile, getUserInformation, getWallet } from './profile-service.js';
import { readProfileForm } from './profile-form.js';
import { profileImageRoute } from './image-route.js';
import { emailChangeRoutes } from './email-change-routes.js';
import { signedInOf } from './signed-in.js';

export interface AccountRoutesOptions {
  ctx: AccountContext;
  /** Per-IP requests per minute on the credential and code routes; 0 turns the limit off. */
  perIpPerMinute: number;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['accounts'];
const bearer = [{ bearerAuth: [] }];

/** spec 1 §7, mounted at /api/user_account. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { ctx, perIpPerMinute }) => {
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  const limited = { rateLimit: perIpPerMinute > 0 ? { max: perIpPerMinute, timeWindow: 60_000 } : false };

  app.post('/signup', {
    config: limited,
    schema: { tags, body: signupRequest, response: { 201: signupResponse, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await signup(ctx, req.body, sessionClient(req))),
  });

  app.post('/verify-otp', {
    config: limited,
    schema: { tags, body: verifyOtpRequest, response: { 200: successMessageResponse, ...errors } },
    handler: (req) => verifyEmail(ctx, req.body.email, req.body.otp),
  });

  app.post('/resend-otp', {
    config: limited,
    schema: { tags, body: emailOnlyRequest, response: { 200: resendOtpResponse, ...errors } },
    handler: async (req, reply) => {
      ctx.background.afterAnswer(reply, 'verification resend', () => mailVerificationCode(ctx, req.body.email));
      return verificationResentAnswer;
    },
  });

  app.post('/login', {
    config: limited,
    schema: { tags, body: loginRequest, response: { 200: loginResponse, ...errors } },
    handler: (req) => login(ctx, req.body, sessionClient(req)),
  });

  for (const url of ['/getUserInformation/', '/getUserInformation']) {
    app.get(url, {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearer,
        hide: url === '/getUserInformation',
        querystring: userIdQuery,
        response: { 200: userInformationResponse, ...errors },
      },
      handler: (req) => {
        assertSelf(req, req.query.user_id);
        return getUserInformation(ctx, req.query.user_id);
      },
    });
  }

  app.post('/edit_profile/user=:id', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security: bearer,
      description:
        'JSON {name, phone_number}, or multipart/form-data with the fields name, phone_number and an optional ' +
        'PNG or JPEG file user_profile of at most 5 MB.',
      params: userIdParams,
      // Checks and documents a JSON body; a multipart body is read by readProfileForm.
      body: editProfileFields.nullish(),
      response: { 200: editProfileResponse, ...errors },
    },
    handler: async (req) => {
      assertSelf(req, req.params.id);
      const form = await readProfileForm(req);
      return editProfile(ctx, req.params.id, form.fields, form.image);
    },
  });

  app.get('/get_wallet/user=:id', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, params: userIdParams, response: { 200: getWalletResponse, ...errors } },
    handler: (req) => {
      assertSelf(req, req.params.id);
      return getWallet(ctx, req.params.id);
    },
  });

  // Forgot password (spec 1) without a token; the signed-in change of spec 3 with the bearer token
  // of the address's own user, which answers spec 3's messages and keeps that session open.
  const signedInIfToken = async (req: FastifyRequest): Promise<void> => {
    if (req.headers.authorization !== undefined) await app.authenticate(req);
  };
  const withToken = ' With a bearer token (the signed-in change of spec 3) the email must be the token user\'s.';

  app.post('/password_reset/request', {
    config: limited,
    preHandler: (req) => signedInIfToken(req),
    schema: { tags, description: `Mails a reset code.${withToken}`, body: resetRequest, response: { 200: codeSentResponse, ...errors } },
    handler: async (req, reply) => {
      if (req.session) return requestPasswordChangeCode(ctx, signedInOf(req), req.body.email, false);
      ctx.background.afterAnswer(reply, 'password reset request', () => mailResetCode(ctx, req.body.email));
      return resetRequestedAnswer;
    },
  });

  app.post('/password_reset/verify_otp', {
    config: limited,
    preHandler: (req) => signedInIfToken(req),
    schema: { tags, description: `Checks the code without spending it.${withToken}`, body: resetVerifyRequest, response: { 200: successMessageResponse, ...errors } },
    handler: (req) => verifyResetCode(ctx, req.body.email, req.body.otp, req.session ? signedInOf(req) : undefined),
  });

  app.post('/password_reset/resend-otp', {
    config: limited,
    preHandler: (req) => signedInIfToken(req),
    schema: { tags, description: `Mails a new code, at most once a minute.${withToken}`, body: emailOnlyRequest, response: { 200: resendOtpResponse, ...errors } },
    handler: async (req, reply) => {
      if (req.session) return requestPasswordChangeCode(ctx, signedInOf(req), req.body.email, true);
      ctx.background.afterAnswer(reply, 'password reset resend', () => mailResetCode(ctx, req.body.email));
      return resetResentAnswer;
    },
  });

  app.post('/password_reset/reset', {
    config: limited,
    preHandler: (req) => signedInIfToken(req),
    schema: {
      tags,
      description: `Sets the new password and ends every other session; totp_code once the authenticator app is on.${withToken}`,
      body: resetPasswordRequest,
      response: { 200: successMessageResponse, ...errors },
    },
    handler: (req) => resetPassword(ctx, req.body, req.session ? signedInOf(req) : undefined),
  });

  await app.register(emailChangeRoutes, { ctx, limited });

  await app.register(profileImageRoute, { ctx });
};
