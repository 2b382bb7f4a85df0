export { OrderBook } from './order-book.js';
export { Engine, type EngineListener } from './engine.js';
export {
  fromUnits,
  lotsToQty,
  notionalToQuote,
  priceToTicks,
  qtyToLots,
  quoteToNotional,
  ticksToPrice,
  toUnits,
  type Rounding,
} from './decimal.js';
export type * from './types.js';
