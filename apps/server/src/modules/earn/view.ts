import type { EarnPosition, EarnProduct } from '@exchange/contract';
import { coinIconPath } from '../../shared/icons.js';
import { coinName, type Product, type StoredPosition } from './store.js';

export function toProductView(p: Product): EarnProduct {
  return {
    id: p.id,
    symbol: p.symbol,
    name: p.name,
    logo_path: coinIconPath(p.symbol),
    apr: p.apr.toFixed(),
    term: p.termDays === null ? 'flexible' : 'fixed',
    term_days: p.termDays,
    min_amount: p.minAmount.toFixed(),
  };
}

/** Flexible: whenever it is active. Fixed: from maturity on. */
export function isRedeemable(p: Pick<StoredPosition, 'status' | 'maturesAt'>, now: Date): boolean {
  return p.status === 'active' && (p.maturesAt === null || p.maturesAt.getTime() <= now.getTime());
}

export function toPositionView(p: StoredPosition, apr: string, now: Date): EarnPosition {
  return {
    id: p.id,
    product_id: p.productId,
    symbol: p.symbol,
    name: coinName(p.symbol),
    logo_path: coinIconPath(p.symbol),
    term: p.termDays === null ? 'flexible' : 'fixed',
    term_days: p.termDays,
    apr,
    principal: p.principal.toFixed(),
    interest: p.interest.toFixed(),
    source: p.source,
    auto: p.auto,
    status: p.status,
    subscribed_at: p.subscribedAt.toISOString(),
    accrues_from: p.accruesFrom.toISOString(),
    matures_at: p.maturesAt?.toISOString() ?? null,
    redeemed_at: p.redeemedAt?.toISOString() ?? null,
    redeemable: isRedeemable(p, now),
  };
}
