/**
 * Account pages that exist in the menu but only say the feature is coming (spec 3 §2; API Management is built, /account/api). Kept apart
 * from their titles (placeholderTitles.ts, Lingui macros) so the e2e suite can import the paths.
 */
export const placeholderPaths = ['/account/profile/preferences', '/account/profile/sub-accounts', '/account/profile/third-party'] as const;
