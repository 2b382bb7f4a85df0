import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUsd } from '../../../shared/format/balance';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatAccountBalance, HIDDEN_VALUE } from '../format';
import type { TopAsset } from './portfolio';

/** Spec 3 §2: at most 5 coins by value, with View All to /assets. */
export function TopAssets({ assets, hidden }: { assets: TopAsset[]; hidden: boolean }) {
  const { t } = useLingui();
  return (
    <section className="card account-card" aria-labelledby="top-assets-title">
      <div className="account-card__head">
        <h2 id="top-assets-title" className="account-card__title">
          <Trans>Top Assets</Trans>
        </h2>
        <Link to="/assets" className="btn-link" aria-label={t`View all assets`}>
          <Trans>View All</Trans>
        </Link>
      </div>
      {assets.length === 0 ? (
        <div className="account-empty">
          <p className="muted">
            <Trans>You hold no assets yet.</Trans>
          </p>
          <Link to="/deposit" className="btn btn-primary btn-sm">
            <Trans>Deposit</Trans>
          </Link>
        </div>
      ) : (
        <ul className="account-assets">
          {assets.map((asset) => (
            <li key={asset.symbol} className="account-asset" data-testid="top-asset">
              <CoinLogo symbol={asset.symbol} src={asset.logoPath} size={32} />
              <span className="account-asset__names">
                <strong>{asset.symbol}</strong>
                <span className="muted">{asset.name}</span>
              </span>
              <span className="account-asset__figures">
                <strong>{hidden ? HIDDEN_VALUE : formatAccountBalance(asset.amount)}</strong>
                <span className="muted">{hidden ? HIDDEN_VALUE : formatUsd(asset.value)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
