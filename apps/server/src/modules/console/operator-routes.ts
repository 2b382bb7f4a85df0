import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_MAX,
  auditQuery,
  auditResponse,
  operatorChangeRequest,
  operatorChangeResponse,
  operatorsResponse,
  type OperatorChangeRequest,
} from '@exchange/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { auditCsv, readAudit } from './audit-query.js';
import { operatorOf, requireRight } from './guard.js';
import { grantRole, listOperators, revokeRole, RoleRefusal } from './roles.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

/** The administrators' calls (issue 43), mounted at /api/admin: the operators' roles and the audit log. */
export const operatorRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (app, { db, twoFactor, now }) => {
  const guard = (right: Parameters<typeof requireRight>[3]) => requireRight(app, db, twoFactor, right);

  /** A role change: the authenticator code again, then the change and its audit row in one transaction. */
  async function change(req: FastifyRequest, body: OperatorChangeRequest, apply: typeof grantRole) {
    const op = operatorOf(req);
    await twoFactor.require(op.userId, body.totp_code);
    try {
      await apply(db, body.email, body.role, { operator: op.email, role: op.actingRole, reason: body.reason, address: req.ip, at: now() });
    } catch (err) {
      if (err instanceof RoleRefusal) throw new AppError(409, err.message, 'OPERATOR_ROLE');
      throw err;
    }
    return { success: true as const, message: 'Roles updated', items: await listOperators(db) };
  }

  app.get('/operators', {
    preHandler: guard('operators.read'),
    schema: { tags, security, summary: 'Every operator’s roles', response: { 200: operatorsResponse, ...errors } },
    handler: async () => ({ items: await listOperators(db) }),
  });

  app.post('/operators', {
    preHandler: guard('operators.manage'),
    schema: { tags, security, summary: 'Gives a user a role (admin; the authenticator code again; audited)', body: operatorChangeRequest, response: { 200: operatorChangeResponse, ...errors } },
    handler: (req) => change(req, req.body, grantRole),
  });

  app.delete('/operators', {
    preHandler: guard('operators.manage'),
    schema: { tags, security, summary: 'Takes a role from a user (admin; the authenticator code again; audited; the last admin keeps theirs)', body: operatorChangeRequest, response: { 200: operatorChangeResponse, ...errors } },
    handler: (req) => change(req, req.body, revokeRole),
  });

  app.get('/audit', {
    preHandler: guard('audit.read'),
    schema: { tags, security, summary: `The audit log, newest first, filtered, ${AUDIT_PAGE_MAX} at most per page`, querystring: auditQuery, response: { 200: auditResponse, ...errors } },
    handler: async (req) => {
      const limit = req.query.limit ?? 50;
      const rows = await readAudit(db, req.query, limit + 1);
      const items = rows.slice(0, limit);
      return { items, next_before_id: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
    },
  });

  app.get('/audit.csv', {
    preHandler: guard('audit.export'),
    schema: { tags, security, summary: `The filtered audit log as CSV (at most ${AUDIT_CSV_MAX_ROWS} rows, newest first)`, querystring: auditQuery, response: { 200: z.string(), ...errors } },
    handler: async (req, reply) => {
      const rows = await readAudit(db, req.query, AUDIT_CSV_MAX_ROWS);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(auditCsv(rows));
    },
  });
};
