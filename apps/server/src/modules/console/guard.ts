import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiErrorCodes, operatorMessages, ROLE_RIGHTS, rightsOf, type OperatorRight, type OperatorRole } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { userBrief } from '../accounts/index.js';
import type { TwoFactor } from '../security/index.js';
import { rolesOf } from './roles.js';

/** The signed-in operator of a console call. */
export interface Operator {
  userId: string;
  email: string;
  roles: OperatorRole[];
  /** The first of the operator's roles that holds the call's right: the role the audit log names. */
  actingRole: OperatorRole;
}

const operators = new WeakMap<FastifyRequest, Operator>();

const refuse = (message: string) => new AppError(403, message, apiErrorCodes.forbidden);

/**
 * preHandler of a console call needing `right`: 401 without a session, then 403 (a JSON message)
 * for a user with no role, an operator without the authenticator app, or a role without the right.
 */
export function requireRight(app: FastifyInstance, db: Database, twoFactor: TwoFactor, right: OperatorRight) {
  return async (request: FastifyRequest): Promise<void> => {
    await app.authenticate(request);
    const userId = request.userId as string;
    const roles = await rolesOf(db, userId);
    if (roles.length === 0) throw refuse(operatorMessages.notOperator);
    if (!(await twoFactor.enabled(userId))) throw refuse(operatorMessages.twoFactorRequired);
    if (!rightsOf(roles).includes(right)) throw refuse(operatorMessages.forbidden);
    const actingRole = roles.find((role) => ROLE_RIGHTS[role].includes(right)) as OperatorRole;
    operators.set(request, { userId, email: (await userBrief(db, userId))?.email ?? '', roles, actingRole });
  };
}

/** The operator `requireRight` let through. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (!operator) throw refuse(operatorMessages.notOperator);
  return operator;
}
