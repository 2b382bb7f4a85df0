import { z } from 'zod';
import { queryText } from './fields.js';
import { outboxMessages } from './server-answers.js';

export const statusResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  mail: z.enum(['outbox', 'smtp']),
  time: z.string(),
});
export type StatusResponse = z.infer<typeof statusResponse>;

export const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
/** The dev outbox never lists every recipient at once: it answers for one address. */
export const outboxQuery = z.object({
  to: queryText('to', { trim: true, required: outboxMessages.recipientRequired }).refine((to) => to.length > 0, outboxMessages.recipientRequired),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

/** The outbox page: without an address it shows the form only. */
export const outboxPageQuery = z.object({ to: queryText('to', { trim: true }).optional() });

export const outboxResponse = z.array(outboxMail);
export type OutboxMail = z.infer<typeof outboxMail>;
