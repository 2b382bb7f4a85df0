import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalDecisionRequest,
  adminWithdrawalDecisionResponse,
  adminWithdrawalParams,
  adminWithdrawalsQuery,
  adminWithdrawalsResponse,
  operatorMessages,
  REVIEW_PAGE_MAX,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { approveWithdrawal, networkById, rejectWithdrawal, withdrawalById, withdrawalsByStatus, type StoredWithdrawal } from '../funds/index.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consolePage, consoleSecurity as security, consoleTags as tags, withEmails, type ConsoleRoutesOptions } from './routes.js';

const row = (w: StoredWithdrawal, email: string) => ({
  id: w.id,
  user_id: w.userId,
  email,
  kind: w.kind,
  symbol: w.symbol,
  network_id: w.networkId,
  network: w.networkId === null ? null : (networkById(w.networkId)?.name ?? null),
  address: w.address,
  memo: w.memo,
  amount: w.amount.toFixed(),
  fee: w.fee.toFixed(),
  value_usdt: w.valueUsdt.toFixed(),
  status: w.status,
  tx_hash: w.txHash,
  reason: w.reason,
  created_at: w.createdAt.toISOString(),
});

const rows = (q: Queryable, list: readonly StoredWithdrawal[]) => withEmails(q, list, (w) => w.userId, (w, email) => row(w, email ?? ''));

/** The withdrawals above the review threshold (issue 43), mounted at /api/admin: treasury and admin only. */
export const withdrawalRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (app, { db, twoFactor, now }) => {
  const guard = requireRight(app, db, twoFactor, 'withdrawals.review');

  app.get('/withdrawals', {
    preHandler: guard,
    schema: { tags, security, summary: `Withdrawals by status (review by default, oldest first), ${REVIEW_PAGE_MAX} at most per page`, querystring: adminWithdrawalsQuery, response: { 200: adminWithdrawalsResponse, ...errors } },
    handler: (req) => consolePage(req.query, (limit, offset) => withdrawalsByStatus(db, req.query.status ?? 'review', limit, offset), (page) => rows(db, page)),
  });

  app.post('/withdrawals/:id/decision', {
    preHandler: guard,
    schema: { tags, security, summary: 'Approves or rejects a withdrawal waiting for review (the authenticator code again; audited); the processor sends it or gives the hold back at its next step', params: adminWithdrawalParams, body: adminWithdrawalDecisionRequest, response: { 200: adminWithdrawalDecisionResponse, ...errors } },
    handler: async (req) => {
      const op = operatorOf(req);
      const { decision, reason, totp_code: code } = req.body;
      const found = await withdrawalById(db, req.params.id);
      if (!found) throw new AppError(404, operatorMessages.withdrawalNotFound, 'NOT_FOUND');
      await twoFactor.require(op.userId, code);
      const at = now();
      await db.tx(async (q) => {
        // Only one still under review: a withdrawal approved already is the processor's to send.
        const moved = decision === 'approve' ? await approveWithdrawal(q, found.id, at) : await rejectWithdrawal(q, found.id, reason, at, ['review']);
        if (!moved) throw new AppError(409, operatorMessages.notUnderReview, 'NOT_UNDER_REVIEW');
        await recordAudit(q, {
          at,
          operator: op.email,
          role: op.actingRole,
          action: `withdrawals.${decision}`,
          target: `withdrawal:${found.id}`,
          before: { status: 'review' },
          after: { status: decision === 'approve' ? 'prepared' : 'rejected', amount: found.amount.toFixed(), symbol: found.symbol, address: found.address, user_id: found.userId },
          reason,
          address: req.ip,
        });
      });
      const after = (await withdrawalById(db, found.id)) ?? found;
      const [withdrawal] = await rows(db, [after]);
      return { success: true as const, message: decision === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected', withdrawal: withdrawal as NonNullable<typeof withdrawal> };
    },
  });
};
