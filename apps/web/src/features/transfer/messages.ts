/** Transfer page texts of spec 3 §2 and §8 that the contract's walletMessages does not hold. */
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
