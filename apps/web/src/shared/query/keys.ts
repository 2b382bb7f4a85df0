/**
 * Scopes of the query cache that more than one module names: a page reads them, while a mutation
 * elsewhere or a private websocket push makes them stale. A cached answer's key is
 * `[scope, ...what it is for]`, so invalidating `[scope]` reaches every user and coin of it.
 */
export const scopes = {
  spotWallet: 'spot-wallet',
  userWallets: 'user-wallets',
  /** Every wallet's available, held and total (GET /balances/{uid}). */
  walletBalances: 'wallet-balances',
  ledgerHistory: 'ledger-history',
  ledgerHistoryPage: 'ledger-history-page',
  futuresPositions: 'futures-positions',
  /** The futures page's Open Orders, Position History and Funding History tabs (issue 41). */
  futuresOpenOrders: 'futures-open-orders',
  futuresPositionHistory: 'futures-position-history',
  futuresFundingHistory: 'futures-funding-history',
  depositHistory: 'deposit-history',
  userInformation: 'user-information',
  /** The user's notifications: the unread count, the bell's latest and the page's pages. */
  userNotifications: 'user-notifications',
} as const;

export type Scope = (typeof scopes)[keyof typeof scopes];
