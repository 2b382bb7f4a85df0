import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { useAsync, type AsyncStatus } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { Pager, PAGE_SIZE } from './Pager';

interface QueuePage<R> {
  items: R[];
  next_offset: number | null;
}

/** A review queue's state: the status shown (a new one starts at the first page), the page, the row opened and the last decision's notice. */
export function useReviewQueue<S extends string, R, V>(
  scope: string,
  initial: S,
  load: (query: { status: S; offset: number; limit: number }, signal: AbortSignal) => Promise<QueuePage<R>>,
) {
  const [status, setStatus] = useState<S>(initial);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<V | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useAsync(scope, `${status}:${offset}`, (signal) => load({ status, offset, limit: PAGE_SIZE }, signal));
  const showStatus = (s: S) => {
    setStatus(s);
    setOffset(0);
  };
  return { status, showStatus, offset, setOffset, selected, setSelected, notice, setNotice, queue };
}

interface ReviewQueueProps<S extends string, R> {
  /** The section's id prefix: `${id}` titles it, `${id}-status` is the status field. */
  id: string;
  statusId: string;
  title: ReactNode;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  state: {
    status: S;
    showStatus: (status: S) => void;
    offset: number;
    setOffset: (offset: number) => void;
    notice: string | null;
    queue: { status: AsyncStatus; error: unknown; reload: () => void; data: QueuePage<R> | null };
  };
  loadingLabel: string;
  errorLabel: string;
  empty: ReactNode;
  row: (r: R) => { key: string; label: string; detail: string; open: () => void };
  /** Said under the title. */
  intro?: ReactNode;
  /** After the pages: a form of the queue's own (a proposal). */
  children?: ReactNode;
}

/** A review queue's list: the status to show, the rows of one page each opening its review, the pages. */
export function ReviewQueue<S extends string, R>({ id, statusId, title, statuses, statusLabel, state, loadingLabel, errorLabel, empty, row, intro, children }: ReviewQueueProps<S, R>) {
  const { t } = useLingui();
  const { queue, notice } = state;
  const rows = queue.data?.items.map(row) ?? null;
  return (
    <section className="card wallet-card" aria-labelledby={id}>
      <h2 id={id} className="wallet-card__title">
        {title}
      </h2>
      {intro && <p className="muted">{intro}</p>}
      {notice && (
        <p role="status" className="admin-ok">
          {notice}
        </p>
      )}
      <div className="admin-form">
        <label htmlFor={statusId}>{t`Status`}</label>
        <select id={statusId} value={state.status} onChange={(e) => state.showStatus(e.target.value as S)}>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <LoadState status={queue.status} loadingLabel={loadingLabel} error={<span>{errorMessage(queue.error, errorLabel)}</span>} retryLabel={t`Try Again`} onRetry={queue.reload} />
      {queue.status === 'ready' && rows && rows.length === 0 && <p className="muted">{empty}</p>}
      {queue.status === 'ready' && rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((r) => (
            <li key={r.key}>
              <button type="button" className="admin-link" onClick={r.open}>
                {r.label}
              </button>
              <span className="muted">{r.detail}</span>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={state.offset} next={queue.data?.next_offset ?? null} onPage={state.setOffset} />
      {children}
    </section>
  );
}

/** A review's heading with the way back to its queue. */
export function ReviewHeader({ id, title, onBack }: { id: string; title: ReactNode; onBack: () => void }) {
  return (
    <div className="admin-row">
      <h2 id={id} className="wallet-card__title">
        {title}
      </h2>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
        <Trans>Back to the list</Trans>
      </button>
    </div>
  );
}
