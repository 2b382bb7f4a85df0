export { MARGIN_TIERS, maintenanceMargin, maxLeverageFor, tierFor, type MarginTier } from './tiers.js';
export {
  bankruptcyPrice,
  initialMargin,
  marginRatio,
  returnPercentage,
  sideSign,
  unrealizedPnl,
  type IsolatedPosition,
  type Side,
} from './position-math.js';
export {
  crossEquityAt,
  crossLiquidationPrice,
  crossMaintenanceAt,
  isolatedEquityAt,
  isolatedLiquidationPrice,
  type CrossAccount,
  type MarkedPosition,
  type OpenPosition,
} from './liquidation-price.js';
export { BASIS_SAMPLES, BASIS_SAMPLE_MS, BasisAverage, markPrice, type MarkPriceInput } from './mark-price.js';
export {
  EARLY_INTERVALS,
  FUNDING_CAP,
  FUNDING_CAP_EARLY,
  FUNDING_CLAMP,
  FUNDING_INTEREST,
  FUNDING_INTERVAL_MS,
  PremiumTwap,
  fundingCap,
  fundingPayment,
  fundingRate,
  impactPrice,
  nextFundingTime,
  premiumIndex,
  type BookLevel,
} from './funding.js';
export { LiquidationIndex, naiveCrossed, type IndexedPosition } from './liquidation-index.js';
export {
  leverageCap,
  maxRemovableMargin,
  minimumIsolatedMargin,
  triggerReached,
  triggerSideError,
  type MarginedPosition,
} from './position-tools.js';
export { netFill, netSplit, type NetFillResult, type NetHolding, type NetSplit } from './netting.js';
