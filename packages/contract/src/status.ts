import { z } from 'zod';

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
export const outboxResponse = z.array(outboxMail);
export type OutboxMail = z.infer<typeof outboxMail>;
