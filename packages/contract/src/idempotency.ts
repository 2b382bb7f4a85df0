import { z } from 'zod';
import { queryText } from './fields.js';

const IDEMPOTENCY_KEY_RULE = 'Idempotency-Key must be 1 to 200 visible ASCII characters';

/** The Idempotency-Key header of the calls that take one, and the key of its outcome read. */
export const idempotencyKey = z.string({ error: IDEMPOTENCY_KEY_RULE }).regex(/^[\x21-\x7e]{1,200}$/, IDEMPOTENCY_KEY_RULE);

/** GET /api/v1/idempotency-keys/{key}: the key percent-encoded in the path. */
export const idempotencyOutcomeParams = z.object({ key: idempotencyKey });
export const idempotencyOutcomeQuery = z.object({ apikey: queryText('apikey').optional() });

/**
 * What became of the signed-in user's request sent with this Idempotency-Key: `done`, carried out,
 * with the status and body it answered (sending it again answers them again); `running`, being
 * carried out now, read again in a second; `none`, nothing was done with this key and nothing is
 * running (a refused request leaves nothing either): sending it again carries it out once.
 */
export const idempotencyOutcomeResponse = z.object({
  key: z.string(),
  outcome: z.enum(['done', 'running', 'none']),
  status_code: z.number().int().nullable(),
  answer: z.record(z.string(), z.unknown()).nullable(),
});
export type IdempotencyOutcomeResponse = z.infer<typeof idempotencyOutcomeResponse>;
