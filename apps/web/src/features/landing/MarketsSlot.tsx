import { useLingui } from '@lingui/react/macro';
import { MarketOverview } from './markets/MarketOverview';

/** The live coin ticker and the Trending Cryptocurrencies table (spec 1 §2). */
export function MarketsSlot() {
  const { t } = useLingui();
  return (
    <section id="markets" className="landing-markets" data-slot="market-overview" aria-label={t`Market overview`}>
      <MarketOverview />
    </section>
  );
}
