import { describe, expect, it } from 'vitest';
import {
  authMessages as m,
  loginEmailStep,
  loginRequest,
  resetPasswordRequest,
  resetRequest,
  resetVerifyRequest,
  signupCode,
  signupCountryStep,
  signupRequest,
  editProfileFields,
} from '../src/index.js';

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const firstMessage = (schema: Schema, value: unknown): string | undefined =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('sign-up rules', () => {
  it('needs a listed country and the terms', () => {
    expect(firstMessage(signupCountryStep, { country: '', terms: true })).toBe(m.countryAndTerms);
    expect(firstMessage(signupCountryStep, { country: 'US', terms: false })).toBe(m.countryAndTerms);
    expect(firstMessage(signupCountryStep, { country: 'XX', terms: true })).toBe(m.countryAndTerms);
    expect(signupCountryStep.safeParse({ country: 'US', terms: true }).success).toBe(true);
  });

  it('needs every credential field', () => {
    expect(firstMessage(signupRequest, { email: '', password: 'abcdefgh', confirm_password: 'abcdefgh' })).toBe(m.fillAllFields);
    expect(firstMessage(signupRequest, { email: 'a@b.co', password: '', confirm_password: '' })).toBe(m.fillAllFields);
  });

  it('checks the email, the length and the confirmation', () => {
    expect(firstMessage(signupRequest, { email: 'nope', password: 'abcdefgh', confirm_password: 'abcdefgh' })).toBe(m.invalidEmail);
    expect(firstMessage(signupRequest, { email: 'a@b.co', password: 'short', confirm_password: 'short' })).toBe(m.passwordTooShort);
    expect(firstMessage(signupRequest, { email: 'a@b.co', password: 'abcdefgh', confirm_password: 'abcdefgX' })).toBe(m.passwordsDoNotMatch);
    expect(signupRequest.safeParse({ email: ' A@b.co ', password: 'abcdefgh', confirm_password: 'abcdefgh' }).success).toBe(true);
  });

  it('needs the complete six-digit code', () => {
    expect(firstMessage(signupCode, '12345')).toBe(m.incompleteCode);
    expect(firstMessage(signupCode, '12a456')).toBe(m.incompleteCode);
    expect(signupCode.safeParse('123456').success).toBe(true);
  });

  it('needs a name and a phone number on the profile step', () => {
    expect(firstMessage(editProfileFields, { name: ' ', phone_number: '+1 555' })).toBe(m.fillAllFields);
    expect(firstMessage(editProfileFields, { name: 'Ada', phone_number: '' })).toBe(m.fillAllFields);
  });

  it('takes the name alone, which keeps the stored phone number', () => {
    expect(editProfileFields.safeParse({ name: 'Ada' })).toMatchObject({ success: true, data: { name: 'Ada' } });
  });
});

describe('login rules', () => {
  it('checks the email pattern before the password step', () => {
    expect(firstMessage(loginEmailStep, { email: 'a@b' })).toBe(m.invalidEmail);
    expect(loginEmailStep.safeParse({ email: 'a@b.io' }).success).toBe(true);
    expect(loginRequest.safeParse({ email: 'a@b.io', password: '' }).success).toBe(false);
  });

  it('takes an optional six-digit code', () => {
    expect(loginRequest.safeParse({ email: 'a@b.io', password: 'secret' }).success).toBe(true);
    expect(loginRequest.safeParse({ email: 'a@b.io', password: 'secret', otp: '012345' }).success).toBe(true);
    expect(firstMessage(loginRequest, { email: 'a@b.io', password: 'secret', otp: '12345' })).toBe(m.incompleteCode);
    expect(firstMessage(loginRequest, { email: 'a@b.io', password: 'secret', otp: '' })).toBe(m.incompleteCode);
  });
});

describe('password reset rules', () => {
  it('checks email, code, length and confirmation', () => {
    expect(firstMessage(resetRequest, { email: 'x' })).toBe(m.invalidEmail);
    expect(firstMessage(resetVerifyRequest, { email: 'a@b.io', otp: '123' })).toBe(m.invalidOtp);
    const base = { email: 'a@b.io', otp: '123456' };
    expect(firstMessage(resetPasswordRequest, { ...base, new_password: 'short', confirm_password: 'short' })).toBe(m.passwordTooShort);
    expect(firstMessage(resetPasswordRequest, { ...base, new_password: 'abcdefgh', confirm_password: 'abcdefgi' })).toBe(m.passwordsDoNotMatch);
    expect(resetPasswordRequest.safeParse({ ...base, new_password: 'abcdefgh', confirm_password: 'abcdefgh' }).success).toBe(true);
  });
});
