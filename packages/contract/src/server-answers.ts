/** Success texts of the account calls that the spec does not word. */
export const accountMessages = {
  emailVerified: 'Your email has been verified.',
  codeSent: 'A new verification code has been sent to your email.',
  codeVerified: 'Code verified. You can now choose a new password.',
  profileUpdated: 'Profile updated successfully.',
} as const;

/** Error codes beyond `errorCodes`, for answers the web may branch on. */
export const apiErrorCodes = {
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  imageType: 'IMAGE_TYPE',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  internal: 'INTERNAL',
  /** 503 with Retry-After: a queue of the server is full; nothing was done, and the same request may be sent again. */
  busy: 'BUSY',
} as const;

/** Answers of the development outbox (no SMTP configured). */
export const outboxMessages = {
  recipientRequired: 'The to parameter is required: the email address whose mails to list.',
} as const;
