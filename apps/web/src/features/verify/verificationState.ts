import { ID_TYPES, VERIFICATION_COUNTRIES, VERIFICATION_REVIEW_HOURS, type UserInformationResponse } from '@exchange/contract';

export type VerificationState = 'verified' | 'pending' | 'unverified';

/** Spec 3 §4: "true" means verified, "pending" under review, anything else not verified yet. */
export function verificationState(isVerified: UserInformationResponse['user_detail']['is_verified']): VerificationState {
  if (isVerified === 'true') return 'verified';
  return isVerified === 'pending' ? 'pending' : 'unverified';
}

export interface VerificationStep {
  title: string;
  text: string;
}

function idTypeList(): string {
  return ID_TYPES.map((type) => `${type.name}${type.needsBack ? '' : ' (front only)'}`).join(', ');
}

/** The five visible steps of the wizard (spec 3 §2, §5), as the page explains them before upload opens. */
export const VERIFICATION_STEPS: readonly VerificationStep[] = [
  {
    title: 'Confirm your country',
    text: `The country that issued your ID; ${VERIFICATION_COUNTRIES.length} countries are supported.`,
  },
  {
    title: 'Select an ID type',
    text: `${idTypeList()}.`,
  },
  {
    title: 'Upload your ID',
    text: 'A PNG or JPEG photo of the front, and of the back where the ID type has one.',
  },
  {
    title: 'Take a selfie',
    text: 'A clear photo of your face, then submit your verification.',
  },
  {
    title: 'Wait for the review',
    text: `A review may take up to ${VERIFICATION_REVIEW_HOURS} hours; this page shows the result.`,
  },
];
