import { msg } from '@lingui/core/macro';

/** Wording shared by the coming-soon page and modal so the two never drift apart. */
export const comingSoonCopy = {
  headline: msg`COMING SOON`,
  body: msg`We are working hard on this feature. It will be available soon, thank you for your patience.`,
} as const;
