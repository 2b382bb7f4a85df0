import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMeResponse,
  adminSummaryResponse,
  adminUserParams,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  errorResponse,
  operatorMessages,
  OPERATOR_SEARCH_RESULTS,
  rightsOf,
} from '@exchange/contract';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { balancesOf } from '../../ledger/accounts.js';
import { countUsers, emailsOf, searchUsers, userBrief, type UserBrief } from '../accounts/index.js';
import { withdrawalsInReviewCount } from '../funds/index.js';
import { latestSubmission, pendingReviewCount } from '../kyc/index.js';
import type { TwoFactor } from '../security/index.js';
import { accountState, type LoginLockRule } from './account-state.js';
import { operatorOf, requireRight } from './guard.js';
import { rolesOf } from './roles.js';

export interface ConsoleRoutesOptions {
  db: Database;
  twoFactor: TwoFactor;
  now: () => Date;
  loginLock: LoginLockRule;
}

export const consoleErrors = { '4xx': errorResponse, '5xx': errorResponse };
export const consoleTags = ['operator console'];
export const consoleSecurity = [{ bearerAuth: [] }];
const tags = consoleTags;

/** One page of a console list: `limit` + 1 rows are read, so the extra one tells whether another page follows. */
export async function consolePage<T, R>(
  query: { limit?: number; offset?: number },
  read: (limit: number, offset: number) => Promise<T[]>,
  shape: (page: T[]) => Promise<R[]> | R[],
): Promise<{ items: R[]; next_offset: number | null }> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const found = await read(limit + 1, offset);
  return { items: await shape(found.slice(0, limit)), next_offset: found.length > limit ? offset + limit : null };
}

/** Rows of a list with their users' emails beside them, read in one query (null for a row without a user). */
export async function withEmails<T, R>(q: Queryable, list: readonly T[], userOf: (item: T) => string | null, row: (item: T, email: string | null) => R): Promise<R[]> {
  const emails = await emailsOf(q, [...new Set(list.flatMap((item) => userOf(item) ?? []))]);
  return list.map((item) => {
    const user = userOf(item);
    return row(item, user === null ? null : (emails.get(user) ?? ''));
  });
}
const security = consoleSecurity;

const row = (u: UserBrief) => ({
  id: u.id,
  uid: u.uid,
  email: u.email,
  email_verified: u.email_verified,
  identity_status: u.identity_status,
  created_at: new Date(u.created_at).toISOString(),
});

/** The console's reading calls (issue 43), mounted at /api/admin: who the operator is, the dashboard, users. */
export const consoleRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (app, { db, twoFactor, now, loginLock }) => {
  const guard = (right: Parameters<typeof requireRight>[3]) => requireRight(app, db, twoFactor, right);

  app.get('/me', {
    preHandler: guard('console.open'),
    schema: { tags, security, summary: 'The signed-in operator’s roles and rights', response: { 200: adminMeResponse, ...consoleErrors } },
    handler: async (req) => {
      const op = operatorOf(req);
      return { user_id: op.userId, email: op.email, roles: op.roles, rights: rightsOf(op.roles) };
    },
  });

  app.get('/summary', {
    preHandler: guard('console.open'),
    schema: { tags, security, summary: 'Counts of the dashboard: users, sign-ups today (UTC), pending verifications and withdrawals', response: { 200: adminSummaryResponse, ...consoleErrors } },
    handler: async () => {
      const at = now();
      const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
      const [users, kyc, withdrawals] = await Promise.all([countUsers(db, today), pendingReviewCount(db), withdrawalsInReviewCount(db)]);
      return { users: users.users, signups_today: users.since, pending_kyc: kyc, pending_withdrawals: withdrawals };
    },
  });

  app.get('/users', {
    preHandler: guard('users.read'),
    schema: { tags, security, summary: `Users whose email contains the search, or whose uid or id it is (at most ${OPERATOR_SEARCH_RESULTS})`, querystring: adminUsersQuery, response: { 200: adminUsersResponse, ...consoleErrors } },
    handler: async (req) => ({ items: (await searchUsers(db, req.query.q, OPERATOR_SEARCH_RESULTS)).map(row) }),
  });

  app.get('/users/:id', {
    preHandler: guard('users.read'),
    schema: { tags, security, summary: 'One user: profile, roles, account state (freeze, sessions, login lockout, authenticator), verification (documents for compliance and admin only), balances per wallet', params: adminUserParams, response: { 200: adminUserResponse, ...consoleErrors } },
    handler: async (req) => {
      const user = await userBrief(db, req.params.id);
      if (!user) throw new AppError(404, operatorMessages.userNotFound, 'USER_NOT_FOUND');
      const [roles, submission, balances, account] = await Promise.all([
        rolesOf(db, user.id),
        latestSubmission(db, user.id),
        balancesOf(db, user.id),
        accountState(db, user, loginLock, now()),
      ]);
      const seesDocuments = rightsOf(operatorOf(req).roles).includes('users.documents');
      return {
        user: { ...row(user), name: user.name, country: user.country },
        roles,
        account,
        verification: {
          status: user.identity_status,
          submitted_at: submission ? new Date(submission.submitted_at).toISOString() : null,
          document_type: submission?.document_type ?? null,
          documents: seesDocuments ? (submission?.files ?? []) : null,
        },
        balances: balances.map((b) => ({ wallet: b.wallet, asset: b.asset, available: b.available, locked: b.locked })),
      };
    },
  });
};
