import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageWindow, PAGE_SIZE } from './pagination';

interface PaginationProps {
  page: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}

/** "Showing x-y of n" with up to 5 page buttons (spec 2 §4). */
export function Pagination({ page, total, noun, onPage }: PaginationProps) {
  const pages = pageCount(total);
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return (
    <nav className="wallet-pager" aria-label="Pages">
      <span className="muted">
        Showing {first}-{last} of {total} {noun}
      </span>
      {pages > 1 && (
        <div className="wallet-pager__buttons">
          <button type="button" className="wallet-pager__btn" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
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
          <button type="button" className="wallet-pager__btn" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            <ChevronRight size={16} aria-hidden />
          </button>
        </div>
      )}
    </nav>
  );
}
