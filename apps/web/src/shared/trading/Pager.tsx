import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { pageCount, pagerItems } from './pager';

interface PagerProps {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
  label: string;
}

export function Pager({ page, total, size, onPage, label }: PagerProps) {
  const { t } = useLingui();
  const pages = pageCount(total, size);
  if (pages <= 1) return null;
  return (
    <nav className="spot-pager" aria-label={label}>
      <button type="button" className="spot-pager__btn" aria-label={t`Previous page`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft size={14} aria-hidden />
      </button>
      {pagerItems(page, pages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={clsx('spot-pager__btn', item === page && 'is-active')}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="spot-pager__gap" aria-hidden>
            …
          </span>
        ),
      )}
      <button type="button" className="spot-pager__btn" aria-label={t`Next page`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRight size={14} aria-hidden />
      </button>
    </nav>
  );
}
