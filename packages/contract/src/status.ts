import { z } from 'zod';
import { queryText } from './fields.js';

export const statusResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  mail: z.enum(['outbox', 'smtp']),
  time: z.string(),
});
export type StatusResponse = z.infer<typeof statusResponse>;

/** GET /api/dev/outbox?to=: the recipient whose mails to list. */
export const outboxQuery = z.object({ to: queryText('to', { trim: true }).optional() });

export const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export const outboxResponse = z.array(outboxMail);
export type OutboxMail = z.infer<typeof outboxMail>;
