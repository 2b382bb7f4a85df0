import { fillMessage } from './message-codes.js';
// Kept apart from the schemas (zod) so a page that only shows these texts does not download zod.
/** Spot texts of spec 1 §5, §6 and §8, and the server's answers for orders. */
export const spotMessages = {
  loginToTrade: 'Please login to trade',
  invalidAmount: 'Please enter a valid amount',
  invalidPrice: 'Please enter a valid price',
  invalidStopPrice: 'Please enter a valid stop price',
  maxExceeded: (side: 'buy' | 'sell', max: string) => `Insufficient balance. Max ${side} amount: ${max}`,
  placeFailed: 'Failed to place order. Please try again.',
  unexpected: 'An error occurred. Please try again later.',
  placed: (side: 'buy' | 'sell') => (side === 'buy' ? 'Buy order placed successfully!' : 'Sell order placed successfully!'),
  historyFailed: 'Failed to load order history. Please try again later.',
  historyEmpty: 'No order history data available',
  historyLogin: 'Please login to view your order history',
  assetsFailed: 'Failed to load assets.',
  assetsEmpty: 'No assets found.',
  balanceLogin: 'Login to view your balance',
  loginToTradeButton: 'LOGIN TO TRADE',
  fees: 'Fees: 0.1%',
  loadCoinsFailed: 'Failed to load coins',
  coinNotLoaded: (id: string | number) => `Coin data for ID ${id} could not be loaded.`,
  detailsFailed: (symbol: string) => `Failed to load details for ${symbol}`,
  dataFailed: (symbol: string) => `Failed to load data for ${symbol}.`,
  tradingDataFailed: 'Failed to load trading data. Please try again later.',
  loadingCoin: 'Loading coin data...',
  noBookData: 'No order book data to display.',
  connectFailed: 'Failed to connect',
  // Server answers.
  insufficientBalance: 'Insufficient balance',
  unknownCoin: 'Unknown coin',
  orderNotFound: 'Order not found',
  notCancelable: 'This order is no longer open',
  duplicateClientOrderId: 'Duplicated clOrdId',
  canceled: 'Order canceled',
  priceTick: (tick: string) => fillMessage('order.priceTick', { tick }),
  amountLot: (lot: string) => fillMessage('order.amountLot', { lot }),
  noLiquidity: 'No liquidity for a market order right now',
  postOnlyWouldCross: 'A post-only order would have matched at once and was not placed',
  fokNotFilled: 'The fill-or-kill order could not be filled in full and was not placed',
  // The order call's own checks (spec 1 §5, the coin-market client).
  coinPairIdRequired: 'Coin pair ID is required',
  coinPairIdInvalid: 'Coin pair ID must be a positive whole number',
  priceRequired: 'Valid price is required',
  amountRequired: 'Valid amount is required',
  stopPriceRequired: 'Valid stop price is required',
  totalRequired: 'Valid total in USDT is required',
} as const;

/** Spot constants of spec 1 §9. */
export const SPOT_FEE_RATE = '0.001';
export const SPOT_ORDER_HISTORY_PAGE_SIZE = 10;
export const SPOT_ASSETS_PAGE_SIZE = 8;
export const SPOT_NOTIFICATION_MS = 5000;
/**
 * A market buy given an amount fills up to this far above the best ask (basis points), and what it
 * cannot fill there is cancelled: the protection limit the page shows as 'Max price' (spec 1 §9's 5 %).
 */
export const MARKET_BUY_SLIPPAGE_BPS = 500;
export const ORDER_BOOK_LEVELS = 8;
/** What the coin header shows while the coin carries no 24h high, low or volume. */
export const SPOT_HEADER_DEFAULT_HIGH_24H = 20500;
export const SPOT_HEADER_DEFAULT_LOW_24H = 19500;
export const SPOT_HEADER_DEFAULT_VOLUME_24H = 1250.75;
