import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminAdjustmentApproval,
  adminAdjustmentParams,
  adminAdjustmentProposal,
  adminAdjustmentRejection,
  adminAdjustmentResponse,
  adminAdjustmentsQuery,
  adminAdjustmentsResponse,
  REVIEW_PAGE_MAX,
  type UserNotification,
} from '@exchange/contract';
import type { Ledger } from '../../ledger/ledger.js';
import type { RowEvents } from '../notifications/index.js';
import { approveAdjustment, listAdjustments, proposeAdjustment, rejectAdjustment, type AdjustmentActor } from './adjustments.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consolePage, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

export interface AdjustmentRoutesOptions extends ConsoleRoutesOptions {
  ledger: Ledger;
  /** Where a kept notification is pushed to the user's sockets (every process's). */
  notifications: Pick<RowEvents<UserNotification>, 'emit'>;
}

/** Four-eyes adjustments (issue 43), mounted at /api/admin: one operator proposes, another approves, each audited. */
export const adjustmentRoutes: FastifyPluginAsyncZod<AdjustmentRoutesOptions> = async (app, { db, twoFactor, now, ledger, notifications }) => {
  const propose = requireRight(app, db, twoFactor, 'adjustments.propose');
  const approve = requireRight(app, db, twoFactor, 'adjustments.approve');
  const actor = (req: FastifyRequest): AdjustmentActor => ({ operator: operatorOf(req), at: now(), address: req.ip });

  app.get('/adjustments', {
    preHandler: propose,
    schema: { tags, security, summary: `Adjustments by status (all by default, pending first, newest first), ${REVIEW_PAGE_MAX} at most per page`, querystring: adminAdjustmentsQuery, response: { 200: adminAdjustmentsResponse, ...errors } },
    handler: (req) => consolePage(req.query, (limit, offset) => listAdjustments(db, req.query.status, limit, offset), (page) => page),
  });

  app.post('/adjustments', {
    preHandler: propose,
    schema: { tags, security, summary: 'Proposes a credit or debit of a user’s wallet with a reason (the authenticator code again; audited); nothing moves until another operator approves it', body: adminAdjustmentProposal, response: { 200: adminAdjustmentResponse, ...errors } },
    handler: async (req) => {
      const { totp_code: code, user_id: userId, ...rest } = req.body;
      await twoFactor.require(operatorOf(req).userId, code);
      const adjustment = await proposeAdjustment(db, { userId, ...rest }, actor(req));
      return { success: true as const, message: 'Adjustment proposed: another operator must approve it', adjustment };
    },
  });

  app.post('/adjustments/:id/approve', {
    preHandler: approve,
    schema: { tags, security, summary: 'Approves another operator’s adjustment (the authenticator code again): booked through the ledger and audited in one transaction; the user is notified', params: adminAdjustmentParams, body: adminAdjustmentApproval, response: { 200: adminAdjustmentResponse, ...errors } },
    handler: async (req) => {
      await twoFactor.require(operatorOf(req).userId, req.body.totp_code);
      const adjustment = await approveAdjustment(db, ledger, req.params.id, actor(req), notifications);
      return { success: true as const, message: 'Adjustment approved and booked', adjustment };
    },
  });

  app.post('/adjustments/:id/reject', {
    preHandler: propose,
    schema: { tags, security, summary: 'Rejects a pending adjustment, or cancels one’s own proposal, with a reason (audited); nothing is booked', params: adminAdjustmentParams, body: adminAdjustmentRejection, response: { 200: adminAdjustmentResponse, ...errors } },
    handler: async (req) => {
      const adjustment = await rejectAdjustment(db, req.params.id, req.body.reason, actor(req));
      return { success: true as const, message: adjustment.status === 'cancelled' ? 'Adjustment cancelled' : 'Adjustment rejected', adjustment };
    },
  });
};
