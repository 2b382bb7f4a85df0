import {
  FEE_TIER_WINDOW_DAYS,
  FUTURES_FEE_RATE,
  SPOT_FEE_RATE,
  type FeeTierResponse,
} from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { balancesOf } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import { earnPrincipals, tradingVolume } from './queries.js';
import type { FeeSchedule } from './schedule.js';
import { assetsValue, feeTierOf, premiumThresholds, type PriceOf } from './tier.js';

export interface FeeTierDeps {
  db: Queryable;
  priceOf: PriceOf;
  now: () => Date;
  /** The rates of each tier as an administrator set them; the snapshot's (0.1 % spot, 0.05 % futures) without it. */
  rates?: Pick<FeeSchedule, 'ratesOf'>;
}

const DAY_MS = 86_400_000;
/** Figures are shown to the cent; the tier is decided on the exact values. */
const usdt = (value: Dec) => value.toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2);

/** The user's tier now: the fills of the last 30 days and what they hold at last prices. */
export async function feeTierFor(deps: FeeTierDeps, userId: string): Promise<FeeTierResponse> {
  const now = deps.now();
  const since = new Date(now.getTime() - FEE_TIER_WINDOW_DAYS * DAY_MS);
  const [volume, balances, earn] = await Promise.all([
    tradingVolume(deps.db, userId, since),
    balancesOf(deps.db, userId),
    earnPrincipals(deps.db, userId),
  ]);
  const spot = new Dec(volume.spot);
  const futures = new Dec(volume.futures);
  const volumeUsdt = spot.plus(futures);
  const assetsUsdt = assetsValue(balances, earn, deps.priceOf);
  const tier = feeTierOf({ volumeUsdt, assetsUsdt });
  const rates = deps.rates?.ratesOf(tier);
  return {
    tier,
    premium: tier === 'premium',
    window_days: FEE_TIER_WINDOW_DAYS,
    volume_usdt: usdt(volumeUsdt),
    spot_volume_usdt: usdt(spot),
    futures_volume_usdt: usdt(futures),
    assets_usdt: usdt(assetsUsdt),
    premium_volume_usdt: premiumThresholds.volumeUsdt.toFixed(),
    premium_assets_usdt: premiumThresholds.assetsUsdt.toFixed(),
    spot_fee_rate: rates?.taker.toFixed() ?? SPOT_FEE_RATE,
    spot_maker_rate: rates?.maker.toFixed() ?? SPOT_FEE_RATE,
    spot_taker_rate: rates?.taker.toFixed() ?? SPOT_FEE_RATE,
    futures_fee_rate: rates?.futuresTaker.toFixed() ?? FUTURES_FEE_RATE,
    futures_maker_rate: rates?.futuresMaker.toFixed() ?? FUTURES_FEE_RATE,
    futures_taker_rate: rates?.futuresTaker.toFixed() ?? FUTURES_FEE_RATE,
    computed_at: now.toISOString(),
  };
}
