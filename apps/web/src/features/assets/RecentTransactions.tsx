import { Link } from 'react-router';
import { assetsMessages as m, type LedgerHistoryRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { LedgerTable } from './LedgerTable';
import { ledgerTableRows, RECENT_COUNT } from './ledgerRows';

interface RecentTransactionsProps {
  status: AsyncStatus;
  rows: LedgerHistoryRow[] | null;
  onRetry: () => void;
}

/** The newest balance changes of the ledger: the demo grant, transfers and spot trades; View All opens them all. */
export function RecentTransactions({ status, rows, onRetry }: RecentTransactionsProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  return (
    <section className="card wallet-card" aria-labelledby="recent-title">
      <div className="wallet-card__head">
        <h2 id="recent-title" className="wallet-card__title">
          <Trans>Recent Transactions</Trans>
        </h2>
        <Link to="/assets/history" className="btn-link">
          <Trans>View All</Trans>
        </Link>
      </div>
      <AsyncTableState
        status={status}
        rows={rows}
        error={<span className="field-error">{contractText(m.recentFailed)}</span>}
        retryLabel={t`Retry`}
        onRetry={onRetry}
        loadingLabel={t`Loading recent transactions`}
        emptyTitle={contractText(m.noRecords)}
        emptyHint={contractText(m.noRecordsHint)}
      >
        {(loaded) => <LedgerTable rows={ledgerTableRows(loaded, RECENT_COUNT)} />}
      </AsyncTableState>
    </section>
  );
}
