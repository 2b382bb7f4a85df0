import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminKycDecisionRequest,
  adminKycDecisionResponse,
  adminKycDocumentParams,
  adminKycParams,
  adminKycQuery,
  adminKycResponse,
  adminKycSubmissionResponse,
  operatorMessages,
  REVIEW_PAGE_MAX,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { userBrief } from '../accounts/index.js';
import { approveSubmission, latestSubmission, rejectSubmission, submissionsByStatus, type KycStorage, type SubmissionRow } from '../kyc/index.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

export interface KycRoutesOptions extends ConsoleRoutesOptions {
  storage: KycStorage;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const row = (s: SubmissionRow & { email: string }) => ({
  user_id: s.user_id,
  email: s.email,
  document_type: s.document_type,
  country: s.country,
  status: s.status,
  submitted_at: new Date(s.submitted_at).toISOString(),
});

/** The identity verification queue (issue 43), mounted at /api/admin: compliance and admin only. */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, { db, twoFactor, now, storage }) => {
  const guard = requireRight(app, db, twoFactor, 'kyc.review');

  /** The user's latest submission as the console shows it; 404 when the user has none. */
  async function submissionOf(q: Queryable, userId: string) {
    const [user, s] = await Promise.all([userBrief(q, userId), latestSubmission(q, userId)]);
    if (!user || !s) throw new AppError(404, operatorMessages.noSubmission, 'NO_SUBMISSION');
    return {
      ...row({ ...s, email: user.email }),
      name: user.name,
      reviewed_at: iso(s.reviewed_at),
      reviewed_by: s.reviewed_by,
      rejection_reason: s.rejection_reason,
      documents: s.files.length,
    };
  }

  app.get('/kyc', {
    preHandler: guard,
    schema: { tags, security, summary: `Identity verifications by status (pending by default, oldest first), ${REVIEW_PAGE_MAX} at most per page`, querystring: adminKycQuery, response: { 200: adminKycResponse, ...errors } },
    handler: async (req) => {
      const limit = req.query.limit ?? 50;
      const offset = req.query.offset ?? 0;
      const rows = await submissionsByStatus(db, req.query.status ?? 'pending', limit + 1, offset);
      return { items: rows.slice(0, limit).map(row), next_offset: rows.length > limit ? offset + limit : null };
    },
  });

  app.get('/kyc/:user_id', {
    preHandler: guard,
    schema: { tags, security, summary: 'The user’s latest identity verification', params: adminKycParams, response: { 200: adminKycSubmissionResponse, ...errors } },
    handler: (req) => submissionOf(db, req.params.user_id),
  });

  app.get('/kyc/:user_id/documents/:index', {
    preHandler: guard,
    schema: { tags, security, summary: 'One document image of the user’s latest verification (compliance and admin; never cached)', params: adminKycDocumentParams },
    handler: async (req, reply) => {
      const s = await latestSubmission(db, req.params.user_id);
      const stored = s?.files[req.params.index];
      const image = stored ? await storage.read(stored) : null;
      if (!image) throw new AppError(404, operatorMessages.documentNotFound, 'NO_DOCUMENT');
      return reply
        .type(image.type)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  });

  app.post('/kyc/:user_id/decision', {
    preHandler: guard,
    schema: { tags, security, summary: 'Approves or rejects the verification under review; the user is notified and reads a rejection’s reason (audited)', params: adminKycParams, body: adminKycDecisionRequest, response: { 200: adminKycDecisionResponse, ...errors } },
    handler: async (req) => {
      const op = operatorOf(req);
      const userId = req.params.user_id;
      const { decision, reason } = req.body;
      const at = now();
      const target = `user:${userId} ${(await userBrief(db, userId))?.email ?? ''}`.trim();
      const audit = (q: Queryable) =>
        recordAudit(q, {
          at,
          operator: op.email,
          role: op.actingRole,
          action: `kyc.${decision}`,
          target,
          before: { identity_status: 'pending' },
          after: { identity_status: decision === 'approve' ? 'true' : 'false' },
          reason,
          address: req.ip,
        });
      const options = { by: op.email, at, alsoIn: audit };
      const decided = decision === 'approve' ? await approveSubmission(db, userId, options) : await rejectSubmission(db, userId, reason, options);
      const submission = await submissionOf(db, userId);
      if (!decided) throw new AppError(409, operatorMessages.notUnderReview, 'NOT_UNDER_REVIEW');
      return { success: true as const, message: decision === 'approve' ? 'Verification approved' : 'Verification rejected', submission };
    },
  });
};
