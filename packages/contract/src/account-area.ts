/**
 * Texts of the account area (spec 3 §2 "Account overview" and "Profile", §8) that no other group
 * holds; "User ID not found. Please log in again." and "Failed to fetch user details." are
 * verificationMessages'.
 */
export const accountAreaMessages = {
  userDataInvalid: 'User data format invalid.',
  walletFailed: 'Failed to load wallet data. Please try again later.',
  dataFailed: 'Failed to load data. Please try again later.',
  copied: 'Copied to clipboard!',
} as const;

/** Spec 3 §9: the account overview lists at most 5 top assets. */
export const ACCOUNT_TOP_ASSETS = 5;
