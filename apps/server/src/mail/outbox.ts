import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { Mailer } from './mailer.js';

/** Without SMTP, mail lands in the outbox table; the text holds codes, so only to/subject are logged. */
export function createOutboxMailer(db: Database, log: FastifyBaseLogger, now: () => Date): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.query('INSERT INTO outbox (to_address, subject, body, created_at) VALUES ($1, $2, $3, $4)', [
        mail.to,
        mail.subject,
        mail.text,
        now(),
      ]);
      log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail stored in the local outbox');
    },
    async close() {},
  };
}
