import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit-log.js';
import type { Database, Queryable } from '../../db/database.js';
import { operatorOf } from './guard.js';

/** What the console writes for the help centre and the campaign page: a Markdown body and who changed it last. */
interface Written {
  id: number;
  slug: string;
  body: string;
  updated_at: string;
  updated_by: string;
}

/** What the audit log keeps of a written item: everything but the body, which it names by its digest. */
function audited(item: Written | null) {
  if (!item) return null;
  const { body, updated_at: _at, updated_by: _by, ...rest } = item;
  return { ...rest, body_sha256: createHash('sha256').update(body).digest('hex'), body_length: body.length };
}

/**
 * Runs a change of an announcement or a campaign (`kind`) and its audit row in one transaction, and
 * answers as the console's content routes do.
 */
export function contentChange<T extends Written>(db: Database, now: () => Date, kind: 'announcement' | 'campaign') {
  return async (
    req: FastifyRequest,
    action: string,
    message: string,
    run: (q: Queryable, at: Date, by: string) => Promise<{ before: T | null; after: T }>,
  ): Promise<{ success: true; message: string; item: T }> => {
    const op = operatorOf(req);
    const at = now();
    const item = await db.tx(async (q) => {
      const { before, after } = await run(q, at, op.email);
      await recordAudit(q, {
        at,
        operator: op.email,
        role: op.actingRole,
        action,
        target: `${kind}:${after.id} ${after.slug}`,
        before: audited(before),
        after: audited(after),
        address: req.ip,
      });
      return after;
    });
    return { success: true, message, item };
  };
}
