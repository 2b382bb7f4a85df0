import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { pageCount, pageWindow, PAGE_SIZE } from './pagination';

interface PaginationProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/** "Showing x-y of n" with up to 5 page buttons (spec 2 §4). */
export function Pagination({ page, total, onPage }: PaginationProps) {
  const { t } = useLingui();
  const pages = pageCount(total);
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return (
    <nav className="wallet-pager" aria-label={t`Pages`}>
      <span className="muted">
        <Trans>
          Showing {first}-{last} of {total} coins
        </Trans>
      </span>
      {pages > 1 && (
        <div className="wallet-pager__buttons">
          <button type="button" className="wallet-pager__btn" aria-label={t`Previous page`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft size={16} aria-hidden />
          </button>
          {pageWindow(page, pages).map((n) => (
            <button
              key={n}
              type="button"
              className={`wallet-pager__btn${n === page ? ' is-active' : ''}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          ))}
          <button type="button" className="wallet-pager__btn" aria-label={t`Next page`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            <ChevronRight size={16} aria-hidden />
          </button>
        </div>
      )}
    </nav>
  );
}
