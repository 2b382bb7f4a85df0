/** Account pages that exist in the menu but only say the feature is coming (spec 3 §2). */
export const placeholderTitles: Record<string, string> = {
  '/account/profile/preferences': 'Preferences',
  '/account/profile/sub-accounts': 'Sub-accounts',
  '/account/profile/api': 'API Management',
  '/account/profile/third-party': 'Third-party Authorization',
};

export const placeholderPaths = Object.keys(placeholderTitles);
