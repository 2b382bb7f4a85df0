import { z } from 'zod';
import { jsonBody, text } from './fields.js';

/** Identity verification (spec 3 §2 "Identity verification wizard", §3, §5, §8, §9). */

export const verificationMessages = {
  userIdMissing: 'User ID not found. Please log in again.',
  fetchFailed: 'Failed to fetch user details.',
  alreadyVerified: 'You are already verified!',
  underReview: 'Your Verification is Under Review',
  // Spec 3 §5, word for word.
  userIdMissingSubmit: 'User ID is missing. Cannot submit verification.',
  idTypeInvalid: 'ID type information is missing or invalid. Please re-select an ID type.',
  imagesMissing: 'Missing required images for submission (selfie or ID front).',
  // Spec 3 §8, word for word.
  submitFailed: 'Failed to submit verification. Please try again.',
  invalidDocumentType: 'A critical error occurred: Invalid document type configured.',
  // The server's answers, which the spec does not word.
  submitted: 'Your documents have been submitted. Verification is pending review.',
  alreadyPending: 'Your verification is already under review. You can submit again only if it is rejected.',
  alreadyVerifiedSubmit: 'You are already verified. There is nothing more to submit.',
  selfieNotImage: 'The selfie must be a PNG or JPEG image',
  frontNotImage: 'The ID front must be a PNG or JPEG image',
  backNotImage: 'The ID back must be a PNG or JPEG image',
  selfieTooLarge: 'The selfie must be at most 10 MB',
  frontTooLarge: 'The ID front must be at most 10 MB',
  backTooLarge: 'The ID back must be at most 10 MB',
  selfieTooManyPixels: 'The selfie must be at most 50 megapixels',
  frontTooManyPixels: 'The ID front must be at most 50 megapixels',
  backTooManyPixels: 'The ID back must be at most 50 megapixels',
  countryInvalid: 'Please choose one of the supported countries',
  formUnexpectedPart:
    'The verification form takes the fields document_type and country and the images captured_selfie, front_captured_image and back_captured_image',
  formMalformed: 'The verification form could not be read: send multipart/form-data that is complete',
  notMultipart: 'Send the verification as multipart/form-data with the images as files',
  /** requireIdentity's refusal, for any call that needs a verified identity. */
  identityRequired: 'This needs a verified identity. Please verify your account first.',
  futuresIdentityRequired: 'Futures trading needs a verified identity. Please verify your account first.',
  defaultRejectionReason: 'Your documents could not be verified. Please submit clear photos of a valid ID and of your face.',
} as const;

/** Spec 3 §5: "Back side of {ID name} is required." (the web words it with the translated ID name). */
export const backRequiredMessage = (idName: string) => `Back side of ${idName} is required.`;

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

export type IdType = (typeof ID_TYPES)[number];
export type DocumentType = IdType['apiValue'];

export function idTypeOf(apiValue: string): IdType | undefined {
  return ID_TYPES.find((type) => type.apiValue === apiValue);
}

/** The 24 countries of spec 3 §3 that verification accepts; PH is the default. */
export const VERIFICATION_COUNTRIES = [
  'US', 'CA', 'GB', 'AU', 'PH', 'SG', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE',
  'AT', 'CH', 'SE', 'NO', 'DK', 'FI', 'IE', 'PL', 'CZ', 'HU', 'PT', 'GR',
] as const;
export const VERIFICATION_DEFAULT_COUNTRY = 'PH';

/** Spec 3 §9: a review may take up to 24 hours. */
export const VERIFICATION_REVIEW_HOURS = 24;

/** Each image of an upload is at most this large (issue 17). */
export const KYC_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * And at most this many pixels: each is decoded whole (issue 14), and a small file of one colour
 * can hold a huge picture. A 48-megapixel phone photo passes.
 */
export const KYC_IMAGE_MAX_PIXELS = 50_000_000;

/** The file fields of POST /upload-kyc/user={id} (spec 3 §7). */
export const KYC_FILE_FIELDS = ['captured_selfie', 'front_captured_image', 'back_captured_image'] as const;
export type KycFileField = (typeof KYC_FILE_FIELDS)[number];

const documentTypes = ID_TYPES.map((type) => type.apiValue) as [DocumentType, ...DocumentType[]];

/**
 * The text fields of the multipart upload: the ID type's apiValue, and the country the wizard
 * confirmed (optional: spec 3 §7 does not send it).
 */
export const kycUploadFields = jsonBody({
  document_type: z.enum(documentTypes, { error: verificationMessages.idTypeInvalid }),
  country: z.enum(VERIFICATION_COUNTRIES, { error: verificationMessages.countryInvalid }).optional(),
});
export type KycUploadFields = z.infer<typeof kycUploadFields>;

/** Identity status as users.identity_status and user_detail.is_verified carry it. */
export const identityStatus = z.enum(['true', 'pending', 'false']);
export type IdentityStatus = z.infer<typeof identityStatus>;

export const kycUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  is_verified: z.literal('pending'),
  submitted_at: z.string(),
});
export type KycUploadResponse = z.infer<typeof kycUploadResponse>;

/** GET /verification/user={id}: the status and the latest submission's review, with the reason of a rejection. */
export const verificationStatusResponse = z.object({
  is_verified: identityStatus,
  submission: z
    .object({
      document_type: z.enum(documentTypes),
      country: z.string().nullable(),
      status: z.enum(['pending', 'approved', 'rejected']),
      submitted_at: z.string(),
      reviewed_at: z.string().nullable(),
      rejection_reason: z.string().nullable(),
    })
    .nullable(),
});
export type VerificationStatusResponse = z.infer<typeof verificationStatusResponse>;

/** The operator's reason for a rejection, as the admin command takes it. */
export const rejectionReason = text('The reason', { trim: true }).max(500, 'The reason must be at most 500 characters');
