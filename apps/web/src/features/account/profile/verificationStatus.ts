import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export type IdentityStatus = 'true' | 'pending' | 'false';

/** How the profile names each identity verification status (spec 3 §3's is_verified). */
export const identityStatusLabels: Record<IdentityStatus, MessageDescriptor> = {
  true: msg`Verified`,
  pending: msg`Under review`,
  false: msg`Unverified`,
};
