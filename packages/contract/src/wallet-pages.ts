/**
 * Texts of the wallet pages: the assets page of spec 2 §8 "Assets and wallet", and the transfer
 * page of spec 3 §2 and §8 that walletMessages does not hold.
 */
export const assetsMessages = {
  walletFailed: 'Failed to load wallet data.',
  userIdMissing: 'User ID not found. Please log in again.',
  recentFailed: 'Failed to load recent transactions.',
  noAssets: 'No assets found',
  noMatch: 'No coins found matching the search term',
  noRecords: 'No records found',
  noRecordsHint: 'Get started with your first transaction',
  comingSoon: 'Coming soon',
} as const;

export const transferPageMessages = {
  searchAssets: 'Search assets...',
  loadingAssets: 'Loading assets...',
  noAssets: 'No assets found',
  coinsFailed: 'Failed to load coins. Please try again later.',
  historyEmpty: 'No records found',
  historyEmptyHint: 'Get started with your first transaction',
  historyError: 'Error loading transfer history',
  historyErrorDetail: 'Failed to load transfer history. Please try again later.',
  notLoggedIn: 'User not logged in.',
  tryAgain: 'Try Again',
} as const;
