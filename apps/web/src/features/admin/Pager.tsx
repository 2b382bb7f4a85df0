import { Trans } from '@lingui/react/macro';

/** How many rows a queue's page shows. */
export const PAGE_SIZE = 20;

/** The previous and next pages of a queue paged by offset; nothing when it holds one page. */
export function Pager({ offset, next, onPage }: { offset: number; next: number | null; onPage: (offset: number) => void }) {
  if (offset === 0 && next === null) return null;
  return (
    <div className="admin-row admin-pager">
      <button type="button" className="btn btn-ghost btn-sm" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - PAGE_SIZE))}>
        <Trans>Previous page</Trans>
      </button>
      <button type="button" className="btn btn-ghost btn-sm" disabled={next === null} onClick={() => next !== null && onPage(next)}>
        <Trans>Next page</Trans>
      </button>
    </div>
  );
}
