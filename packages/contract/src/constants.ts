/** Business constants of spec 1 §9 shared by web and server. */
export const OTP_LENGTH = 6;
export const OTP_MIN_LENGTH_RESET = 4;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_S = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_REDIRECT_DELAY_MS = 2000;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOWNLOAD_QR_SIZE_PX = 120;
/** The newcomer promo: gifts worth up to this many US dollars. */
export const NEWCOMER_GIFT_USD = 2000;

export const SIGNUP_COUNTRIES = [
  { code: 'AF', name: 'Afghanistan' },
  { code: 'AL', name: 'Albania' },
  { code: 'AU', name: 'Australia' },
  { code: 'CA', name: 'Canada' },
  { code: 'CN', name: 'China' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'IN', name: 'India' },
  { code: 'JP', name: 'Japan' },
  { code: 'PH', name: 'Philippines' },
  { code: 'SG', name: 'Singapore' },
  { code: 'KR', name: 'South Korea' },
  { code: 'UK', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
] as const;

export const PHONE_PREFIXES = ['+1', '+44', '+81', '+86', '+91', '+63', '+65', '+82'] as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'CNY', 'HKD', 'AUD'] as const;

/** Browser storage keys of spec 1 §3. */
export const storageKeys = {
  authToken: 'authToken',
  userId: 'user_id',
  uid: 'uid',
  user: 'user',
  fullName: 'fullName',
  isVerified: 'is_verified',
  email: 'email',
  phone: 'phone',
  profileImage: 'profileImage',
  isAuthenticated: 'isAuthenticated',
  walletData: 'walletData',
  apiKey: 'apiKey',
  hasSeenSpotTradingWalkthrough: 'hasSeenSpotTradingWalkthrough',
  hasSeenTransferWalkthrough: 'hasSeenTransferWalkthrough',
  /** The web's chosen language (issue 13), a code of its language list such as 'es'. */
  language: 'language',
} as const;

/**
 * The cookie mirroring the web's chosen language, so the server can tell before any script runs
 * whether a visitor reads English and send the landing page with its English title already drawn.
 */
export const LANGUAGE_COOKIE = 'nexa_language';
