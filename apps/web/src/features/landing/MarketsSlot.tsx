/**
 * Place of the live coin ticker and the Trending Cryptocurrencies table (spec 1 §2).
 * Both need the market-data client, which a later issue brings; until then the slot
 * stays empty rather than showing invented prices.
 */
export function MarketsSlot() {
  return <section id="markets" className="landing-markets" data-slot="market-overview" />;
}
