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

export function loginCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your login code',
    text:
      `Your login code is ${code}.\n\nYour account is locked for a while after too many failed logins from ` +
      `other places; with this code you can still log in. It expires in ${minutes} minutes. If you did not just ` +
      'log in, someone knows your password: reset it.',
  };
}

export function passwordResetMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your password reset code',
    text: `Your password reset code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask to reset your password, ignore this mail.`,
  };
}

export function withdrawAddressMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your code to add a withdrawal address',
    text:
      `Your code to add an address to your withdrawal address book is ${code}.\n\nIt expires in ${minutes} minutes. ` +
      'If you did not ask for it, someone may have your password: change it and contact support.',
  };
}

export function emailChangeCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your code to change your email',
    text:
      `Your code to change the email of your account is ${code}.\n\nIt expires in ${minutes} minutes. ` +
      'If you did not ask for it, someone may have your password: change it and contact support.',
  };
}

export function totpEnableCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your code to turn on the authenticator app',
    text:
      `Your code to turn on two-factor authentication with an authenticator app is ${code}.\n\nIt expires in ${minutes} minutes. ` +
      'If you did not ask for it, someone is signed in to your account: end their session in the security centre and change your password.',
  };
}

/** To the address the account leaves; `userId` because that address is no longer the account's. */
export function emailChangedOldAddressMail(to: string, newEmail: string, userId: string): Mail {
  return {
    to,
    userId,
    subject: 'The email of your account was changed',
    text:
      `The email of your account was changed to ${newEmail}. From now on, log in with the new address.\n\n` +
      'Withdrawals are paused for 24 hours. If you did not make this change, contact support at once.',
  };
}

export function emailChangedNewAddressMail(to: string): Mail {
  return {
    to,
    subject: 'This is now the email of your account',
    text:
      'This address is now the email of your account: log in with it from now on.\n\n' +
      'Withdrawals are paused for 24 hours. If you did not make this change, contact support at once.',
  };
}
