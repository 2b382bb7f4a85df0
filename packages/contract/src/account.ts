import { z } from 'zod';
import { authMessages as m } from './messages.js';
import { jsonBody, oneOf, queryText, text } from './fields.js';
import { optionalReferralCode } from './rewards.js';
import {
  OTP_LENGTH,
  OTP_MIN_LENGTH_RESET,
  PASSWORD_MIN_LENGTH,
  PHONE_PREFIXES,
  SIGNUP_COUNTRIES,
} from './constants.js';
import { secondFactorField, totpCodeField } from './two-factor-fields.js';

/** The spec's "basic address pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = text('Email', { required: m.invalidEmail, trim: true }).regex(EMAIL_PATTERN, m.invalidEmail);
const requiredText = (label: string) => text(label, { required: m.fillAllFields, trim: true }).min(1, m.fillAllFields);

export const countryCodes = SIGNUP_COUNTRIES.map((c) => c.code) as [string, ...string[]];

/** Sign-up step 1: a country and the terms. */
export const signupCountryStep = z.object({
  country: z.string({ error: m.countryAndTerms }).refine((v) => countryCodes.includes(v), m.countryAndTerms),
  terms: z.literal(true, m.countryAndTerms),
});
export type SignupCountryStep = z.infer<typeof signupCountryStep>;

/** Sign-up step 2, also the body of POST /signup. */
export const signupRequest = jsonBody({
  email: requiredText('Email').regex(EMAIL_PATTERN, m.invalidEmail),
  password: text('Password', { required: m.fillAllFields }).min(1, m.fillAllFields).min(PASSWORD_MIN_LENGTH, m.passwordTooShort),
  confirm_password: text('Password confirmation', { required: m.fillAllFields }).min(1, m.fillAllFields),
  country: text('Country', { trim: true }).max(64, 'Country must be at most 64 characters').optional(),
  /** The code of the user who referred this one (their link's ?ref=); optional. */
  referral_code: optionalReferralCode,
})
  .refine((v) => v.password === v.confirm_password, {
    message: m.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user_id: z.string(),
  token: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponse>;

/** Sign-up step 3: six digits. */
export const signupCode = text('Verification code', { required: m.incompleteCode }).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.incompleteCode);

export const verifyOtpRequest = jsonBody({ email: emailField, otp: signupCode });
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequest>;

export const emailOnlyRequest = jsonBody({ email: emailField });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequest>;

export const resendOtpResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type ResendOtpResponse = z.infer<typeof resendOtpResponse>;

/** Sign-up step 4 / POST /edit_profile/user={id}. */
export const profileForm = z.object({
  name: requiredText('Name'),
  phone_prefix: oneOf('Phone prefix', PHONE_PREFIXES),
  phone: requiredText('Phone number').regex(/^[\d\s-]{4,20}$/, 'Please enter a valid phone number'),
});
export type ProfileForm = z.infer<typeof profileForm>;

export const editProfileFields = jsonBody({
  name: requiredText('Name').max(100, 'Name must be at most 100 characters'),
  /** Absent keeps the stored number: the change-nickname screen sends the name alone. */
  phone_number: requiredText('Phone number').max(30, 'Phone number must be at most 30 characters').optional(),
});
export type EditProfileFields = z.infer<typeof editProfileFields>;

export const editProfileResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({
    name: z.string(),
    phone_number: z.string().nullable(),
    profile_image: z.string().nullable(),
  }),
});
export type EditProfileResponse = z.infer<typeof editProfileResponse>;

/** Login: the email step is checked before the password step is shown. */
export const loginEmailStep = z.object({ email: emailField });
export const loginRequest = jsonBody({
  email: emailField,
  password: text('Password', { required: m.fillAllFields }).min(1, m.fillAllFields),
  /** The mailed code, asked for (LOGIN_CODE_REQUIRED) when failures from other clients locked the address. */
  otp: signupCode.optional(),
  /** The authenticator code (or a recovery code), asked for (TOTP_REQUIRED) when the user has the app on. */
  totp_code: secondFactorField.optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  success: z.literal(true),
  user_id: z.string(),
  email: z.string(),
  uid: z.number().int(),
  jwt_token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const userIdQuery = z.object({ user_id: queryText('user_id').min(1, 'user_id is required') });

/** The {id} of /edit_profile/user={id} and /get_wallet/user={id}. */
export const userIdParams = z.object({ id: queryText('The user id').min(1, 'The user id is required') });

export const userInformationResponse = z.object({
  user: z.object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    uid: z.number().int(),
    referral_code: z.string(),
    role: z.literal('client'),
    email_verified: z.boolean(),
    created_at: z.string(),
  }),
  user_detail: z.object({
    phone_number: z.string().nullable(),
    user_country: z.string().nullable(),
    user_profile: z.string().nullable(),
    /** The fee tier flag (spec 3 §3, §6): true for Premium, from GET /api/v1/fee-tier's figures. */
    tier: z.boolean(),
    /** Identity verification: "true", "pending" or "false". */
    is_verified: z.enum(['true', 'pending', 'false']),
  }),
});
export type UserInformationResponse = z.infer<typeof userInformationResponse>;

export const getWalletResponse = z.object({
  success: z.literal(true),
  wallet: z.object({
    wallet_id: z.string(),
    user_id: z.string(),
    uid: z.number().int(),
    created_at: z.string(),
  }),
});
export type GetWalletResponse = z.infer<typeof getWalletResponse>;

/** Password reset (spec 1 §5). */
export const resetRequest = jsonBody({ email: emailField });
const resetCode = text('OTP', { required: m.invalidOtp, trim: true }).min(OTP_MIN_LENGTH_RESET, m.invalidOtp);
export const resetVerifyRequest = jsonBody({ email: emailField, otp: resetCode });
export type ResetVerifyRequest = z.infer<typeof resetVerifyRequest>;

export const resetPasswordRequest = jsonBody({
  email: emailField,
  otp: resetCode,
  new_password: text('New password', { required: m.passwordTooShort }).min(PASSWORD_MIN_LENGTH, m.passwordTooShort),
  confirm_password: text('Password confirmation', { required: m.passwordsDoNotMatch }),
  /** The authenticator code, asked for (TOTP_REQUIRED) when the user has the app on. */
  totp_code: totpCodeField.optional(),
})
  .refine((v) => v.new_password === v.confirm_password, {
    message: m.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
