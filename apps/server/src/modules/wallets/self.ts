import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { assertSelf } from '../../plugins/auth.js';

const MAX_UID = 2_147_483_647;

/**
 * The user id behind a public numeric uid, which must be the token's own user (else 403, whether
 * the uid exists or not, so uids cannot be probed).
 */
export async function selfByUid(q: Queryable, request: FastifyRequest, uid: string | number): Promise<string> {
  const n = Number(uid);
  const found =
    Number.isInteger(n) && n > 0 && n <= MAX_UID
      ? await q.query<{ id: string }>('SELECT id FROM users WHERE uid = $1', [n])
      : { rows: [] };
  const userId = found.rows[0]?.id ?? '';
  assertSelf(request, userId);
  return userId;
}
