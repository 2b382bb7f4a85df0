import { useState } from 'react';
import { Link } from 'react-router';
import { Coins, Layers, Link2, Zap } from 'lucide-react';
import { EARN_FILTERS, type EarnFilter } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../../shared/session/useSession';
import { Faq } from '../../../shared/ui/Faq';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { AutoEarnDialog } from '../components/AutoEarnDialog';
import { CoinGroupsTable } from '../components/CoinGroupsTable';
import { ProductSearch } from '../components/ProductSearch';
import { useProducts } from '../data/useProducts';
import { earnFaqItems } from '../model/faqItems';

/** Spec 3 §7: the overview lists the first 15. */
const OVERVIEW_ROWS = 15;

/** The Earn overview (spec 3 §2): hero with Auto-earn, three categories, the products and the FAQ. */
export default function EarnOverviewPage() {
  const { t } = useLingui();
  const uid = useSession()?.uid ?? null;
  const [filter, setFilter] = useState<EarnFilter>('all');
  const [search, setSearch] = useState('');
  const [autoOpen, setAutoOpen] = useState(false);
  const products = useProducts(filter, search);
  usePageTitle(t`Earn`);
  const filterLabel = (f: EarnFilter) => (f === 'all' ? t`All products` : f);

  return (
    <div className="earn-page">
      <section className="earn-hero">
        <div className="container earn-hero__inner">
          <div>
            <h1 className="earn-hero__title">
              <Trans>Put your crypto to work</Trans>
            </h1>
            <p className="earn-hero__lead muted">
              <Trans>Earn daily interest on the coins you hold, with flexible products you can redeem at any time.</Trans>
            </p>
          </div>
          <button type="button" className="btn btn-primary earn-hero__action" onClick={() => setAutoOpen(true)}>
            <Zap size={18} aria-hidden />
            <Trans>Activate Auto-earn</Trans>
          </button>
        </div>
      </section>

      <div className="container earn-body">
        <section className="earn-tiles" aria-label={t`Earn categories`}>
          <Link to="/earn/simple-earn" className="earn-tile card">
            <Coins size={28} aria-hidden className="earn-tile__icon" />
            <h2 className="earn-tile__title">
              <Trans>Simple Earn</Trans>
            </h2>
            <p className="muted">
              <Trans>Flexible and fixed-term products with daily interest.</Trans>
            </p>
          </Link>
          <Link to="/earn/structured" className="earn-tile card">
            <Layers size={28} aria-hidden className="earn-tile__icon" />
            <h2 className="earn-tile__title">
              <Trans>Structured Products</Trans>
            </h2>
            <p className="muted">
              <Trans>Higher yields linked to market prices.</Trans>
            </p>
          </Link>
          <Link to="/earn/on-chain" className="earn-tile card">
            <Link2 size={28} aria-hidden className="earn-tile__icon" />
            <h2 className="earn-tile__title">
              <Trans>On-chain Earn</Trans>
            </h2>
            <p className="muted">
              <Trans>Staking rewards from the networks themselves.</Trans>
            </p>
          </Link>
        </section>

        <section className="earn-section" aria-labelledby="earn-products-title">
          <div className="earn-section__head">
            <h2 id="earn-products-title" className="earn-section__title">
              <Trans>Products</Trans>
            </h2>
            <ProductSearch value={search} onChange={setSearch} />
          </div>
          <div className="earn-filters" role="group" aria-label={t`Filter products`}>
            {EARN_FILTERS.map((f) => (
              <button key={f} type="button" className={filter === f ? 'earn-filter is-active' : 'earn-filter'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {filterLabel(f)}
              </button>
            ))}
          </div>
          <div className="earn-scroll">
            <CoinGroupsTable products={products.data ?? []} status={products.status} onRetry={products.reload} limit={OVERVIEW_ROWS} />
          </div>
        </section>

        <Faq title={<Trans>Frequently Asked Questions</Trans>} items={earnFaqItems} titleClassName="earn-section__title" className="earn-faq" />
      </div>
      <AutoEarnDialog open={autoOpen} uid={uid} onOpenChange={setAutoOpen} />
    </div>
  );
}
