import { Eye, EyeOff } from 'lucide-react';
import type { WalletTotals } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { formatUsd } from '../../../shared/format/balance';
import { HIDDEN_VALUE } from '../format';

const WALLETS = [
  { key: 'spot_wallet', label: msg`Spot` },
  { key: 'future_wallet', label: msg`Future` },
  { key: 'funding_wallet', label: msg`Funding` },
] as const;

interface PortfolioCardProps {
  totals: WalletTotals;
  hidden: boolean;
  onToggle: () => void;
}

/** Spec 3 §2: the portfolio's value and the Spot, Future and Funding totals, hidden as dots on request. */
export function PortfolioCard({ totals, hidden, onToggle }: PortfolioCardProps) {
  const { t, i18n } = useLingui();
  const show = (value: string) => (hidden ? HIDDEN_VALUE : formatUsd(value));
  return (
    <section className="card account-card account-portfolio" aria-labelledby="portfolio-title">
      <div className="account-card__head">
        <h2 id="portfolio-title" className="account-card__title">
          <Trans>Portfolio Overview</Trans>
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" aria-pressed={hidden} onClick={onToggle}>
          {hidden ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
          {hidden ? t`Show balances` : t`Hide balances`}
        </button>
      </div>
      <div className="account-portfolio__total">
        <span className="muted">
          <Trans>Estimated total value</Trans>
        </span>
        <strong data-testid="portfolio-total">{show(totals.overview)}</strong>
      </div>
      <dl className="account-portfolio__wallets">
        {WALLETS.map(({ key, label }) => (
          <div key={key} className="account-portfolio__wallet">
            <dt className="muted">{i18n._(label)}</dt>
            <dd data-testid={`portfolio-${key}`}>{show(totals[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
