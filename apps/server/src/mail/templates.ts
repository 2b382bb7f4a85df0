import { OTP_TTL_MS } from '@exchange/contract';
import type { Mail } from './mailer.js';

const minutes = OTP_TTL_MS / 60_000;

export function verificationMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your verification code',
    text: `Your verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not sign up, ignore this mail.`,
  };
}

export function passwordResetMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your password reset code',
    text: `Your password reset code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask to reset your password, ignore this mail.`,
  };
}
