import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { VERIFICATION_COUNTRIES, VERIFICATION_REVIEW_HOURS, type UserInformationResponse } from '@exchange/contract';

export type VerificationState = 'verified' | 'pending' | 'unverified';

/** Spec 3 §4: "true" means verified, "pending" under review, anything else not verified yet. */
export function verificationState(isVerified: UserInformationResponse['user_detail']['is_verified']): VerificationState {
  if (isVerified === 'true') return 'verified';
  return isVerified === 'pending' ? 'pending' : 'unverified';
}

export interface VerificationStep {
  title: MessageDescriptor;
  /** Null for the ID types step, whose text lists the contract's ID types (VerificationSteps). */
  text: MessageDescriptor | null;
}

const countryCount = VERIFICATION_COUNTRIES.length;
const reviewHours = VERIFICATION_REVIEW_HOURS;

/** The five visible steps of the wizard (spec 3 §2, §5), as the page explains them before upload opens. */
export const VERIFICATION_STEPS: readonly VerificationStep[] = [
  {
    title: msg`Confirm your country`,
    text: msg`The country that issued your ID; ${countryCount} countries are supported.`,
  },
  {
    title: msg`Select an ID type`,
    text: null,
  },
  {
    title: msg`Upload your ID`,
    text: msg`A PNG or JPEG photo of the front, and of the back where the ID type has one.`,
  },
  {
    title: msg`Take a selfie`,
    text: msg`A clear photo of your face, then submit your verification.`,
  },
  {
    title: msg`Wait for the review`,
    text: msg`A review may take up to ${reviewHours} hours; this page shows the result.`,
  },
];
