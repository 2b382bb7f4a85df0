import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { assetsMessages as m } from '@exchange/contract';
import { fetchLedgerHistory } from '../../shared/api/wallets';
import { useAsync } from '../../shared/hooks/useAsync';
import { readSession } from '../../shared/session/session';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import '../../shared/ui/wallet.css';
import { LedgerTable } from './LedgerTable';
import { HISTORY_PAGE_TRANSACTIONS, ledgerTableRows, pageOfTransactions } from './ledgerRows';
import { pageFromQuery } from './pagination';
import './assets.css';

function TransactionHistory({ uid }: { uid: number }) {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = HISTORY_PAGE_TRANSACTIONS;
  // One transaction more than a page holds tells whether an older page exists.
  const history = useAsync(`${uid}:${page}`, (signal) => fetchLedgerHistory(uid, signal, { limit: size + 1, offset: (page - 1) * size }));
  const current = history.data === null ? null : pageOfTransactions(history.data, size);
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="card wallet-card" aria-label="Transactions">
      <p className="muted assets-history__intro">Every change to your balances, newest first: the demo grant, transfers and spot trades.</p>
      <AsyncTableState
        status={history.status}
        rows={current?.rows ?? null}
        error={<span className="field-error">{m.recentFailed}</span>}
        retryLabel="Retry"
        onRetry={history.reload}
        loadingLabel="Loading transactions"
        emptyTitle={m.noRecords}
        emptyHint={m.noRecordsHint}
      >
        {(loaded) => <LedgerTable rows={ledgerTableRows(loaded)} />}
      </AsyncTableState>
      <nav className="wallet-pager" aria-label="Transaction pages">
        <span className="muted">Page {page}</span>
        <div className="wallet-pager__buttons">
          <button type="button" className="wallet-pager__btn" aria-label="Previous page" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <ChevronLeft size={16} aria-hidden />
          </button>
          <button
            type="button"
            className="wallet-pager__btn"
            aria-label="Next page"
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
  const session = readSession();
  return (
    <div className="container wallet-page">
      <Link to="/assets" className="btn-link assets-history__back">
        <ChevronLeft size={16} aria-hidden />
        Assets
      </Link>
      <h1 className="wallet-page__title">Transaction History</h1>
      {!session && <LoginPrompt title="Log in to view your transactions" text="Your balance changes appear here once you log in." />}
      {session && session.uid === null && <LoginPrompt title={m.userIdMissing} text="Log in again to load your transactions." />}
      {session && session.uid !== null && <TransactionHistory uid={session.uid} />}
    </div>
  );
}
