/** Wording shared by the coming-soon page and modal so the two never drift apart. */
export const comingSoonCopy = {
  headline: 'COMING SOON',
  body: 'We are working hard on this feature. It will be available soon, thank you for your patience.',
} as const;
