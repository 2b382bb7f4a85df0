/** Identity verification (spec 3 §2 "Identity verification wizard", §3, §8, §9). */

export const verificationMessages = {
  userIdMissing: 'User ID not found. Please log in again.',
  fetchFailed: 'Failed to fetch user details.',
  alreadyVerified: 'You are already verified!',
  underReview: 'Your Verification is Under Review',
} as const;

/** The ID types' names, shown as they are here and translated by the web (a `…Text` constant, so the catalogues extract them). */
export const idTypeText = {
  drivers_license: "Driver's License",
  national_id: 'National ID Card',
  passport: 'Passport',
  umid: 'Unified Multi Purpose ID (UMID)',
  postal_id: 'Postal ID',
  prc_id: 'PRC ID',
} as const;

/** The ID types of spec 3 §3: name, the value the upload sends, and whether the back is needed. */
export const ID_TYPES = [
  { name: idTypeText.drivers_license, apiValue: 'drivers_license', needsBack: true, recommended: true },
  { name: idTypeText.national_id, apiValue: 'national_id', needsBack: true, recommended: false },
  { name: idTypeText.passport, apiValue: 'passport', needsBack: false, recommended: false },
  { name: idTypeText.umid, apiValue: 'umid', needsBack: true, recommended: false },
  { name: idTypeText.postal_id, apiValue: 'postal_id', needsBack: true, recommended: false },
  { name: idTypeText.prc_id, apiValue: 'prc_id', needsBack: true, recommended: false },
] as const;

/** The 24 countries of spec 3 §3 that verification accepts; PH is the default. */
export const VERIFICATION_COUNTRIES = [
  'US', 'CA', 'GB', 'AU', 'PH', 'SG', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE',
  'AT', 'CH', 'SE', 'NO', 'DK', 'FI', 'IE', 'PL', 'CZ', 'HU', 'PT', 'GR',
] as const;
export const VERIFICATION_DEFAULT_COUNTRY = 'PH';

/** Spec 3 §9: a review may take up to 24 hours. */
export const VERIFICATION_REVIEW_HOURS = 24;
