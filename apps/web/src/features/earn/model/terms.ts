import type { EarnProduct } from '@exchange/contract';

export interface CoinGroup {
  symbol: string;
  name: string;
  logo: string;
  products: EarnProduct[];
  /** Which kinds of term the coin offers: spec 3 §3's "Flexible", fixed days, or "Flexible/Fixed". */
  terms: 'flexible' | 'fixed' | 'both';
}

/** Products by coin in the order the server lists them: one row per coin on the Earn overview. */
export function groupByCoin(products: readonly EarnProduct[]): CoinGroup[] {
  const groups = new Map<string, CoinGroup>();
  for (const p of products) {
    let group = groups.get(p.symbol);
    if (!group) {
      group = { symbol: p.symbol, name: p.name, logo: p.logo_path, products: [], terms: p.term };
      groups.set(p.symbol, group);
    } else if (group.terms !== p.term) group.terms = 'both';
    group.products.push(p);
  }
  return [...groups.values()];
}
