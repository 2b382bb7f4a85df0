import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminAccountActionRequest,
  adminAccountActionResponse,
  adminResetTwoFactorRequest,
  adminUserParams,
  apiErrorCodes,
  operatorAccountMessages as messages,
  operatorMessages,
  type OperatorRight,
} from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { clearLoginFailures, lockWithdrawalsAfterChange, setFreeze, userBrief, type UserBrief } from '../accounts/index.js';
import { resetTwoFactor } from '../security/index.js';
import { revokeSessionsOf, type Sessions } from '../sessions/index.js';
import { accountState, type LoginLockRule } from './account-state.js';
import { cancelFrozenOrders, type FreezeOrderDeps } from './freeze-orders.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

export interface AccountRoutesOptions extends ConsoleRoutesOptions {
  sessions: Pick<Sessions, 'events'>;
  loginLock: LoginLockRule;
  orders: Omit<FreezeOrderDeps, 'db' | 'now'>;
}

/** What one action does to the user, inside the transaction that also writes its audit row; null refuses it with 409 and `refusal`. */
interface Action {
  right: OperatorRight;
  summary: string;
  done: string;
  refusal: string;
  /** The action's change; false when the account was not in a state it applies to. */
  apply(q: Queryable, user: UserBrief, ctx: { at: Date; operator: string; reason: string }): Promise<boolean>;
  /**
   * Done after the commit (told to every process, orders cancelled); what it answers is audited as
   * a second row of its own action, and said in the answer's message.
   */
  after?(user: UserBrief): Promise<{ action: string; audited: Record<string, unknown>; message: string } | void> | void;
}

/** The operator console's actions on a user's account (issue 43), mounted at /api/admin: each with a reason, in the audit log. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { db, twoFactor, now, sessions, loginLock, orders }) => {
  async function act(req: FastifyRequest, userId: string, name: string, action: Action, reason: string) {
    const op = operatorOf(req);
    const user = await userBrief(db, userId);
    if (!user) throw new AppError(404, operatorMessages.userNotFound, 'USER_NOT_FOUND');
    // An operator in trouble with their own account asks a colleague: no one lifts their own freeze.
    if (user.id === op.userId) throw new AppError(403, messages.ownAccount, apiErrorCodes.forbidden);
    const at = now();
    const audit = { operator: op.email, role: op.actingRole, target: `user:${user.id} ${user.email}`, reason, address: req.ip };
    await db.tx(async (q) => {
      const before = await accountState(q, user, loginLock, at);
      if (!(await action.apply(q, user, { at, operator: op.email, reason }))) throw new AppError(409, action.refusal, 'ACCOUNT_STATE');
      const after = await accountState(q, user, loginLock, at);
      await recordAudit(q, { ...audit, at, action: `users.${name}`, before, after });
    });
    const followed = await action.after?.(user);
    if (followed) await recordAudit(db, { ...audit, at: now(), action: followed.action, before: null, after: followed.audited });
    return { success: true as const, message: followed ? `${action.done}: ${followed.message}` : action.done, account: await accountState(db, user, loginLock, now()) };
  }

  const actions: Record<string, Action> = {
    freeze: {
      right: 'users.freeze',
      summary: 'Freezes the account: no trading, withdrawals, transfers or new API keys; its open spot, futures and algo orders are cancelled and their holds released, and the user is told (audited, the cancelled orders as `orders.cancel-frozen`); reads and cancels still work',
      done: 'Account frozen',
      refusal: messages.alreadyFrozen,
      apply: (q, user, { at, operator, reason }) => setFreeze(q, user.id, { at, reason, by: operator }),
      after: async (user) => {
        // First the API keys' caches (LiveKeys), which hold the freeze: the session events reach them in every process.
        sessions.events.changed(user.id);
        const cancelled = await cancelFrozenOrders({ ...orders, db, now }, user.id);
        const count = cancelled.spot.length + cancelled.futures.length + cancelled.algo.length;
        return { action: 'orders.cancel-frozen', audited: { cancelled_orders: cancelled }, message: `${count} open order${count === 1 ? '' : 's'} cancelled` };
      },
    },
    unfreeze: {
      right: 'users.freeze',
      summary: 'Lifts the freeze of the account (audited)',
      done: 'Account unfrozen',
      refusal: messages.notFrozen,
      apply: (q, user) => setFreeze(q, user.id, null),
      after: (user) => sessions.events.changed(user.id),
    },
    'end-sessions': {
      right: 'users.security',
      summary: 'Ends every session of the user in every process; they sign in again (audited)',
      done: 'Every session ended',
      refusal: '',
      apply: async (q, user, { at }) => {
        await revokeSessionsOf(q, user.id, at);
        return true;
      },
      after: (user) => sessions.events.revoked(user.id),
    },
    'unlock-login': {
      right: 'users.security',
      summary: 'Forgets the failed logins that lock the user’s email (audited)',
      done: 'Login unlocked',
      refusal: '',
      apply: async (q, user) => {
        await clearLoginFailures(q, user.email);
        return true;
      },
    },
  };

  for (const [name, action] of Object.entries(actions)) {
    app.post(`/users/:id/${name}`, {
      preHandler: requireRight(app, db, twoFactor, action.right),
      schema: { tags, security, summary: action.summary, params: adminUserParams, body: adminAccountActionRequest, response: { 200: adminAccountActionResponse, ...errors } },
      handler: (req) => act(req, req.params.id, name, action, req.body.reason),
    });
  }

  app.post('/users/:id/reset-two-factor', {
    preHandler: requireRight(app, db, twoFactor, 'users.security'),
    schema: {
      tags,
      security,
      summary: 'Turns the user’s authenticator off after an identity check (the operator’s own code again; withdrawals wait 24 hours; audited)',
      params: adminUserParams,
      body: adminResetTwoFactorRequest,
      response: { 200: adminAccountActionResponse, ...errors },
    },
    handler: async (req) => {
      await twoFactor.require(operatorOf(req).userId, req.body.totp_code);
      return act(req, req.params.id, 'reset-two-factor', {
        right: 'users.security',
        summary: '',
        done: 'Authenticator reset: the user signs in with the password and sets it up again',
        refusal: messages.noTwoFactor,
        apply: async (q, user, { at }) => {
          if (!(await resetTwoFactor(q, user.id, at))) return false;
          // As when the user turns it off: whoever took the account over cannot withdraw at once (spec 3 §9).
          await lockWithdrawalsAfterChange(q, user.id, at);
          return true;
        },
      }, req.body.reason);
    },
  });
};
