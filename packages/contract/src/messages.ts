/** The spec's user-facing texts (spec 1 §5 and §8), kept once for web and server. */
export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  invalidOtp: 'Please enter a valid OTP',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  countryAndTerms: 'Please select a country and agree to the terms',
  fillAllFields: 'Please fill in all fields',
  incompleteCode: 'Please enter the complete verification code',
  selectImageFile: 'Please select an image file',
  imageReadFailed: 'Failed to read the image file',
  userIdMissing: 'User ID not found. Please try logging in again.',
  emailAlreadyRegistered: 'This email is already registered. Please use a different email or login.',
  registrationFailed: 'Registration failed. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  unexpectedSignupResponse: 'Registration failed: Unexpected response from server.',
  invalidVerificationCode: 'Invalid verification code. Please try again.',
  resendCodeFailed: 'Failed to resend verification code',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  registrationSuccessful: 'Registration successful! You are now signed in.',
  loginFailedCredentials: 'Login failed. Please check your credentials and try again.',
  loginFailed: 'Login failed. Please try again.',
  sendOtpFailed: 'Failed to send OTP. Please try again.',
  invalidOtpTryAgain: 'Invalid OTP. Please try again.',
  verifyOtpFailed: 'Failed to verify OTP. Please try again.',
  resendOtpFailed: 'Failed to resend OTP. Please try again.',
  resetPasswordFailed: 'Failed to reset password. Please try again.',
} as const;

/** Server answers that the spec does not word; kept here so the web can match on them. */
export const serverMessages = {
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Email is not verified. Enter the code we sent you.',
  loginCodeRequired:
    'Too many failed logins from elsewhere have locked this account for a while. We have emailed you a 6-digit code: enter it to log in.',
  codeExpired: 'The code has expired. Request a new one.',
  codeTooManyAttempts: 'Too many wrong attempts. Request a new code.',
  codeInvalid: 'Invalid verification code. Please try again.',
  resetRequested: 'If an account exists for this email, a code has been sent to it.',
  passwordResetDone: 'Your password has been reset. You can log in now.',
  /** Sign-up, reset and change: a password of a breach list, the account's email, or one character repeated. */
  passwordTooCommon: 'This password is too easy to guess: it is one of the most common passwords or your email. Choose another password.',
  unauthorized: 'Authentication required',
  forbidden: 'You cannot access another user\u2019s data',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please slow down and try again later.',
  imageType: 'The profile image must be a PNG or JPEG file',
  imageTooLarge: 'The profile image must be at most 5 MB',
  profileFormOneFile: 'The profile form takes one file: the image in user_profile',
  profileFormTooManyFields: 'The profile form has too many fields: send name, phone_number and user_profile',
  profileFormMalformed: 'The profile form could not be read: the multipart body is malformed or cut short',
  invalidApiKey: 'A valid apikey is required',
  invalidApiKeyInBody: 'A valid apikey is required in the JSON body',
  internal: 'Something went wrong on our side. Please try again.',
  /** Every flow that takes an Idempotency-Key (orders, transfers...) answers a reused key with this. */
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  /** A money movement whose write did not commit (or may not have: the connection was lost). */
  writeFailed: 'The request could not be completed. Please try again.',
  /** The server has more work waiting than it takes (503 with Retry-After): nothing of the request was done. */
  busy: 'The exchange is busy right now. Nothing was done: please try again in a moment.',
} as const;

export const comingSoonText = 'This feature is coming soon';
