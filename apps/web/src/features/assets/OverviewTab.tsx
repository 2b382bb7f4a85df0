import { Link } from 'react-router';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, RefreshCw } from 'lucide-react';
import type { LedgerHistoryRow, WalletBalancesResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { formatCurrency, formatUsd } from '../../shared/format/balance';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { Allocation } from './Allocation';
import { allocation, type Holding } from './holdings';
import { RecentTransactions } from './RecentTransactions';

const ACTIONS = [
  { to: '/deposit', label: msg`Deposit`, Icon: ArrowDownToLine, primary: true },
  { to: '/conversion', label: msg`Convert`, Icon: RefreshCw, primary: false },
  { to: '/withdraw', label: msg`Withdraw`, Icon: ArrowUpFromLine, primary: false },
  { to: '/transfer', label: msg`Transfer`, Icon: ArrowLeftRight, primary: false },
];

interface OverviewTabProps {
  totals: WalletBalancesResponse['totals'];
  holdings: Holding[];
  history: { status: AsyncStatus; data: LedgerHistoryRow[] | null; reload: () => void };
}

/** The Overview tab (spec 2 §2): estimated total with the funds actions, recent transactions, allocation. */
export function OverviewTab({ totals, holdings, history }: OverviewTabProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <section className="card wallet-card assets-estimate" aria-label={t`Estimated total value`}>
        <div>
          <span className="muted">
            <Trans>Estimated total value</Trans>
          </span>
          <strong className="assets-value__total" data-testid="estimated-total">
            {formatCurrency(totals.total)} <span className="assets-value__unit">USDT</span>
          </strong>
          <span className="muted">≈ {formatUsd(totals.total)}</span>
        </div>
        <div className="assets-actions">
          {ACTIONS.map(({ to, label, Icon, primary }) => (
            <Link key={to} to={to} className={`btn${primary ? ' btn-primary' : ''}`}>
              <Icon size={16} aria-hidden />
              {i18n._(label)}
            </Link>
          ))}
        </div>
      </section>
      <div className="assets-overview-grid">
        <RecentTransactions status={history.status} rows={history.data} onRetry={history.reload} />
        <Allocation slices={allocation(holdings)} />
      </div>
    </>
  );
}
