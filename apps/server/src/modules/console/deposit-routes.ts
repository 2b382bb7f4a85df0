import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDepositCreditRequest,
  adminDepositDecisionResponse,
  adminDepositParams,
  adminDepositRefuseRequest,
  adminDepositsQuery,
  adminDepositsResponse,
  operatorMessages,
  REVIEW_PAGE_MAX,
  type AdminDepositRow,
} from '@exchange/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Ledger } from '../../ledger/ledger.js';
import { userBrief } from '../accounts/index.js';
import { creditDeposit, depositForReview, depositsForReview, refuseDeposit, type DecisionRefusal, type ReviewedDeposit } from '../funds/index.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consolePage, consoleSecurity as security, consoleTags as tags, withEmails, type ConsoleRoutesOptions } from './routes.js';

export interface DepositRoutesOptions extends ConsoleRoutesOptions {
  ledger: Ledger;
}

const row = (d: ReviewedDeposit, email: string | null): AdminDepositRow => ({
  id: d.id,
  user_id: d.userId,
  email,
  symbol: d.symbol,
  network: d.network,
  address: d.address,
  memo: d.memo,
  tx_hash: d.txHash,
  amount: d.amount,
  status: d.status,
  reason: d.reason,
  credit_attempts: d.creditAttempts,
  last_error: d.lastError,
  decided_by: d.decidedBy,
  decided_at: d.decidedAt ? d.decidedAt.toISOString() : null,
  created_at: d.createdAt.toISOString(),
});

const rows = (q: Queryable, list: readonly ReviewedDeposit[]) => withEmails(q, list, (d) => d.userId, row);

const refusals: Record<DecisionRefusal, string> = {
  not_refused: operatorMessages.depositNotRefused,
  not_refusable: operatorMessages.depositNotRefusable,
  not_creditable: operatorMessages.depositNotCreditable,
  needs_user: operatorMessages.depositNeedsUser,
  has_user: operatorMessages.depositHasUser,
};

/** The deposits the watcher did not credit (issue 43), mounted at /api/admin: treasury and admin credit or refuse them. */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, { db, twoFactor, now, ledger }) => {
  const guard = requireRight(app, db, twoFactor, 'deposits.review');

  /** The decision and its audit row in one transaction: a refused or failed decision leaves neither. */
  async function decide(req: FastifyRequest, id: string, action: 'credit' | 'refuse', reason: string, apply: (q: Queryable, at: Date, operator: string) => Promise<DecisionRefusal | ReviewedDeposit>) {
    const op = operatorOf(req);
    const at = now();
    const after = await db.tx(async (q) => {
      const before = await depositForReview(q, id);
      if (!before) throw new AppError(404, operatorMessages.depositNotFound, 'NOT_FOUND');
      const done = await apply(q, at, op.email);
      if (typeof done === 'string') throw new AppError(409, refusals[done], 'DEPOSIT_DECIDED');
      await recordAudit(q, {
        at,
        operator: op.email,
        role: op.actingRole,
        action: `deposits.${action}`,
        target: `deposit:${id}`,
        before: { status: before.status, reason: before.reason, amount: before.amount, symbol: before.symbol, user_id: before.userId },
        after: { status: done.status, reason: done.reason, amount: done.amount, symbol: done.symbol, user_id: done.userId },
        reason,
        address: req.ip,
      });
      return done;
    });
    const [deposit] = await rows(db, [after]);
    return { success: true as const, message: action === 'credit' ? 'Deposit credited' : 'Deposit refused', deposit: deposit as AdminDepositRow };
  }

  app.get('/deposits', {
    preHandler: guard,
    schema: { tags, security, summary: `Deposits the watcher did not credit, by view (below_minimum by default, oldest first), ${REVIEW_PAGE_MAX} at most per page`, querystring: adminDepositsQuery, response: { 200: adminDepositsResponse, ...errors } },
    handler: (req) => consolePage(req.query, (limit, offset) => depositsForReview(db, req.query.status ?? 'below_minimum', limit, offset), (page) => rows(db, page)),
  });

  app.post('/deposits/:id/credit', {
    preHandler: guard,
    schema: { tags, security, summary: 'Credits a deposit below the minimum, refused by the watcher or unclaimed (to the user `user_id` names), once, through the ledger as the watcher does (the authenticator code again; audited)', params: adminDepositParams, body: adminDepositCreditRequest, response: { 200: adminDepositDecisionResponse, ...errors } },
    handler: async (req) => {
      if (!(await depositForReview(db, req.params.id))) throw new AppError(404, operatorMessages.depositNotFound, 'NOT_FOUND');
      const toUser = req.body.user_id ?? null;
      if (toUser !== null && !(await userBrief(db, toUser))) throw new AppError(404, operatorMessages.depositUserNotFound, 'USER_NOT_FOUND');
      await twoFactor.require(operatorOf(req).userId, req.body.totp_code);
      return decide(req, req.params.id, 'credit', req.body.reason, (q, at, operator) => creditDeposit(q, ledger, req.params.id, { at, operator }, toUser));
    },
  });

  app.post('/deposits/:id/refuse', {
    preHandler: guard,
    schema: { tags, security, summary: 'Refuses a deposit below the minimum, refused by the watcher, failing to credit or unclaimed, for good, with a reason its user reads (audited)', params: adminDepositParams, body: adminDepositRefuseRequest, response: { 200: adminDepositDecisionResponse, ...errors } },
    handler: (req) => decide(req, req.params.id, 'refuse', req.body.reason, (q, at, operator) => refuseDeposit(q, req.params.id, req.body.reason, { at, operator })),
  });
};
