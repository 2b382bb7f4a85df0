import { Eye, EyeOff } from 'lucide-react';
import type { WalletBalancesResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUsd } from '../../../shared/format/balance';
import { HIDDEN_VALUE } from '../format';
import { WalletSummary } from '../../../shared/wallet/WalletSummary';

interface PortfolioCardProps {
  totals: WalletBalancesResponse['totals'];
  hidden: boolean;
  onToggle: () => void;
}

/** Spec 3 §2: the portfolio's value and each wallet's available, held and total (issue 40), hidden as dots on request. */
export function PortfolioCard({ totals, hidden, onToggle }: PortfolioCardProps) {
  const { t } = useLingui();
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
        <strong data-testid="portfolio-total">{show(totals.total)}</strong>
      </div>
      <WalletSummary totals={totals} mask={hidden ? HIDDEN_VALUE : undefined} />
    </section>
  );
}
