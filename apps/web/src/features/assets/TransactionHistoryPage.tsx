import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { assetsMessages as m } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { fetchLedgerHistory } from '../../shared/api/wallets';
import { useAsync } from '../../shared/hooks/useAsync';
import { scopes } from '../../shared/query/keys';
import { readSession } from '../../shared/session/session';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import '../../shared/ui/wallet.css';
import { LedgerTable } from './LedgerTable';
import { HISTORY_PAGE_TRANSACTIONS, ledgerTableRows, pageOfTransactions } from './ledgerRows';
import { pageFromQuery } from './pagination';
import './assets.css';

function TransactionHistory({ uid }: { uid: number }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = HISTORY_PAGE_TRANSACTIONS;
  // One transaction more than a page holds tells whether an older page exists.
  const history = useAsync(scopes.ledgerHistoryPage, `${uid}:${page}`, (signal) => fetchLedgerHistory(uid, signal, { limit: size + 1, offset: (page - 1) * size }));
  const current = history.data === null ? null : pageOfTransactions(history.data, size);
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="card wallet-card" aria-label={t`Transactions`}>
      <p className="muted assets-history__intro">
        <Trans>Every change to your balances, newest first: the demo grant, transfers and spot trades.</Trans>
      </p>
      <AsyncTableState
        status={history.status}
        rows={current?.rows ?? null}
        error={<span className="field-error">{contractText(m.recentFailed)}</span>}
        retryLabel={t`Retry`}
        onRetry={history.reload}
        loadingLabel={t`Loading transactions`}
        emptyTitle={contractText(m.noRecords)}
        emptyHint={contractText(m.noRecordsHint)}
      >
        {(loaded) => <LedgerTable rows={ledgerTableRows(loaded)} />}
      </AsyncTableState>
      <nav className="wallet-pager" aria-label={t`Transaction pages`}>
        <span className="muted">
          <Trans>Page {page}</Trans>
        </span>
        <div className="wallet-pager__buttons">
          <button type="button" className="wallet-pager__btn" aria-label={t`Previous page`} disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <ChevronLeft size={16} aria-hidden />
          </button>
          <button
            type="button"
            className="wallet-pager__btn"
            aria-label={t`Next page`}
            disabled={history.status !== 'ready' || !current?.hasNext}
            onClick={() => goTo(page + 1)}
          >
            <ChevronRight size={16} aria-hidden />
          </button>
        </div>
      </nav>
    </section>
  );
}

/** /assets/history: every balance change behind the Overview's Recent Transactions, ten transactions a page. */
export default function TransactionHistoryPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = readSession();
  return (
    <div className="container wallet-page">
      <Link to="/assets" className="btn-link assets-history__back">
        <ChevronLeft size={16} aria-hidden />
        <Trans>Assets</Trans>
      </Link>
      <h1 className="wallet-page__title">
        <Trans>Transaction History</Trans>
      </h1>
      {!session && <LoginPrompt title={t`Log in to view your transactions`} text={t`Your balance changes appear here once you log in.`} />}
      {session && session.uid === null && <LoginPrompt title={contractText(m.userIdMissing)} text={t`Log in again to load your transactions.`} />}
      {session && session.uid !== null && <TransactionHistory uid={session.uid} />}
    </div>
  );
}
