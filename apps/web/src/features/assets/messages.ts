/** Assets page texts of spec 2 §8 "Assets and wallet". */
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
