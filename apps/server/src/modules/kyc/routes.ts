import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, kycUploadResponse, userIdParams, verificationStatusResponse } from '@exchange/contract';
import { assertSelf } from '../../plugins/auth.js';
import { verificationStatus } from './status-service.js';
import { submitKyc, type UploadContext } from './upload-service.js';

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['verification'];
const security = [{ bearerAuth: [] }];

/** Identity verification (spec 3 §7, issue 17), mounted at /api/user_account. */
export const kycRoutes: FastifyPluginAsyncZod<{ ctx: UploadContext }> = async (app, { ctx }) => {
  // Limits per request are set where the form is read (upload-form.ts).
  await app.register(multipart);

  app.post('/upload-kyc/user=:id', {
    config: { whileFrozen: true },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description:
        'multipart/form-data: document_type (drivers_license, national_id, passport, umid, postal_id or prc_id), ' +
        'country (optional, one of the 24 verification countries), and the files captured_selfie, front_captured_image ' +
        'and back_captured_image (every type but passport), each a PNG or JPEG of at most 10 MB. ' +
        'Refused while a submission is under review or once verified.',
      params: userIdParams,
      response: { 201: kycUploadResponse, ...errors },
    },
    handler: async (req, reply) => {
      assertSelf(req, req.params.id);
      return reply.status(201).send(await submitKyc(ctx, req.params.id, req));
    },
  });

  app.get('/verification/user=:id', {
    preHandler: app.authenticate,
    schema: { tags, security, params: userIdParams, response: { 200: verificationStatusResponse, ...errors } },
    handler: (req) => {
      assertSelf(req, req.params.id);
      return verificationStatus(ctx.db, req.params.id);
    },
  });
};
