import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, signupRequest } from '@exchange/contract';
import { validate } from '../lib/validate';
import { firstIssue } from './useContractForm';

const filled = { email: 'ada@example.com', password: 'correct horse', confirm_password: 'correct horse', country: 'PH', referral_code: '' };

async function resolved(values: typeof filled) {
  const { errors } = await zodResolver(signupRequest)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return firstIssue(errors);
}

describe('firstIssue through the zod resolver', () => {
  it.each([
    ['every field empty', { ...filled, email: '', password: '', confirm_password: '' }],
    ['a bad email and a short password', { ...filled, email: 'ada@', password: 'short', confirm_password: 'short' }],
    ['a short password only', { ...filled, password: 'short', confirm_password: 'short' }],
    ['passwords that differ', { ...filled, confirm_password: 'correct horse battery' }],
  ])('shows the same message and marks the same fields as the schema read by hand: %s', async (_name, values) => {
    const byHand = validate(signupRequest, values);
    expect(byHand.ok).toBe(false);
    if (byHand.ok) return;
    expect(await resolved(values)).toEqual({ message: byHand.message, fields: byHand.fields });
  });

  it("keeps the spec's words", async () => {
    expect((await resolved({ ...filled, confirm_password: 'other password' })).message).toBe(authMessages.passwordsDoNotMatch);
  });

  it('finds nothing in a valid form', async () => {
    expect(await resolved(filled)).toEqual({ message: '', fields: new Set() });
  });
});
