import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.js';

export function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail sent over SMTP');
    },
    async close() {
      transport.close();
    },
  };
}
