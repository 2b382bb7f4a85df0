import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Layers, Link2 } from 'lucide-react';
import { earnMessages, type EarnPosition, type EarnProduct } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { useSession } from '../../../shared/session/useSession';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { ProductSearch } from '../components/ProductSearch';
import { ProductsTable } from '../components/ProductsTable';
import { SubscribeDialog } from '../components/SubscribeDialog';
import { useProducts } from '../data/useProducts';

/** Rows shown at first and added by each "View more" (spec 3 §7: the simple earn list takes 20). */
export const SIMPLE_EARN_PAGE_ROWS = 10;

/** Simple Earn (spec 3 §2): hero, the searchable products table with View more, and two category cards. */
export default function SimpleEarnPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const uid = useSession()?.uid ?? null;
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [shown, setShown] = useState(SIMPLE_EARN_PAGE_ROWS);
  const [chosen, setChosen] = useState<EarnProduct | null>(null);
  const [done, setDone] = useState<EarnPosition | null>(null);
  const products = useProducts('all', search);
  usePageTitle(t`Simple Earn`);
  const list = products.data ?? [];

  return (
    <div className="earn-page">
      <section className="earn-hero earn-hero--simple">
        <div className="container earn-hero__inner">
          <div>
            <h1 className="earn-hero__title">
              <Trans>Simple Earn</Trans>
            </h1>
            <p className="earn-hero__lead muted">
              <Trans>Subscribe in one step, earn every day, redeem flexible products at any time.</Trans>
            </p>
          </div>
          {uid !== null && (
            <Link to="/earn/my-earnings" className="btn btn-ghost earn-hero__action">
              <Trans>My earnings</Trans>
            </Link>
          )}
        </div>
      </section>

      <div className="container earn-body">
        {done && (
          <p className="form-success" role="status">
            {contractText(earnMessages.subscribed)}{' '}
            <Link to="/earn/my-earnings" className="btn-link">
              <Trans>View in My earnings</Trans>
            </Link>
          </p>
        )}
        <section className="earn-section" aria-labelledby="simple-earn-products">
          <div className="earn-section__head">
            <h2 id="simple-earn-products" className="earn-section__title">
              <Trans>Products</Trans>
            </h2>
            <ProductSearch
              value={search}
              onChange={(value) => {
                setSearch(value);
                setShown(SIMPLE_EARN_PAGE_ROWS);
              }}
            />
          </div>
          <div className="earn-scroll">
            <ProductsTable products={list.slice(0, shown)} status={products.status} onRetry={products.reload} onSubscribe={setChosen} />
          </div>
          {products.status !== 'error' && list.length > shown && (
            <button type="button" className="btn btn-ghost earn-more" onClick={() => setShown((n) => n + SIMPLE_EARN_PAGE_ROWS)}>
              <Trans>View more</Trans>
            </button>
          )}
        </section>

        <section className="earn-cards" aria-label={t`More ways to earn`}>
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
      </div>
      <SubscribeDialog
        product={chosen}
        uid={uid}
        onClose={() => setChosen(null)}
        onSubscribed={(position) => {
          setChosen(null);
          setDone(position);
        }}
      />
    </div>
  );
}
