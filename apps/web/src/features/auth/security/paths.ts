/** Spec 3 §2's routes of the security centre. */
export const SECURITY_PATH = '/account/profile/security';
export const CHANGE_PASSWORD_PATH = '/account/profile/security/change-password';
export const CHANGE_EMAIL_PATH = '/account/profile/security/change-email';
