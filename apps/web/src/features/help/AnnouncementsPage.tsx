import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { helpMessages, type AnnouncementItem } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDay } from '../../shared/format/date';
import { formatFixed } from '../../shared/format/number';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { Spinner } from '../../shared/ui/Spinner';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { fetchAnnouncements } from './api';
import { categoryFromQuery, categoryLabels, categoryPath, pageFromQuery, pageWindow } from './categories';
import { HelpLayout } from './HelpLayout';
import { LanguageBadge } from './LanguageBadge';

function AnnouncementRow({ item }: { item: AnnouncementItem }) {
  const { i18n } = useLingui();
  const minutes = item.readTime;
  return (
    <li className="help-item">
      <Link to={item.path} className="help-item__title" lang={item.language}>
        {item.title}
      </Link>
      <p className="help-item__summary muted" lang={item.language}>
        {item.summary}
      </p>
      <p className="help-item__meta muted">
        <LanguageBadge language={item.language} />
        <span className="help-badge">{i18n._(categoryLabels[item.category])}</span>
        <time dateTime={item.publishDate}>{formatDay(item.publishDate)}</time>
        <span>
          <Trans>{minutes} min read</Trans>
        </span>
      </p>
    </li>
  );
}

/** /help/category/announcements: one category's items, 15 a page, newest first (spec 3 §2). */
export default function AnnouncementsPage() {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const [params] = useSearchParams();
  const category = categoryFromQuery(params.get('category'));
  const page = pageFromQuery(params.get('page'));
  const label = i18n._(categoryLabels[category]);
  usePageTitle(label);
  const list = useAsync('announcements', `${category}:${page}`, (signal) => fetchAnnouncements(category, page, signal));
  const data = list.status === 'ready' ? list.data : null;
  const from = data && data.items.length > 0 ? (data.page - 1) * data.per_page + 1 : 0;
  const to = data ? from + data.items.length - Math.min(1, data.items.length) : 0;
  const first = formatFixed(from, 0);
  const last = formatFixed(to, 0);
  const total = formatFixed(data?.total ?? 0, 0);

  return (
    <HelpLayout current={category}>
      <h1 className="help-title">{label}</h1>
      {list.status === 'loading' && (
        <div className="help-state">
          <Spinner label={t`Loading announcements`} />
        </div>
      )}
      {list.status === 'error' && (
        <div className="help-state" role="alert">
          <span>{contractText(helpMessages.loadAnnouncementsFailed)}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={list.reload}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <div className="help-state">
          <span>{contractText(helpMessages.noAnnouncements)}</span>
          {data.total > 0 && (
            <Link to={categoryPath(category)} className="btn btn-ghost btn-sm">
              <Trans>Back to the first page</Trans>
            </Link>
          )}
        </div>
      )}
      {data && data.items.length > 0 && (
        <>
          <p className="muted help-count" aria-live="polite">
            <Trans>
              Showing {first}-{last} of {total} articles
            </Trans>
          </p>
          <ul className="help-list">
            {data.items.map((item) => (
              <AnnouncementRow key={item.id} item={item} />
            ))}
          </ul>
          {data.pages > 1 && (
            <nav className="help-pager" aria-label={t`Announcement pages`}>
              {page > 1 ? (
                <Link to={categoryPath(category, page - 1)} className="help-pager__btn" aria-label={t`Previous page`}>
                  <ChevronLeft size={16} aria-hidden />
                </Link>
              ) : (
                <span className="help-pager__btn help-pager__btn--off" aria-hidden>
                  <ChevronLeft size={16} />
                </span>
              )}
              {pageWindow(page, data.pages).map((p, i) =>
                p === null ? (
                  <span key={`gap-${i}`} className="help-pager__gap" aria-hidden>
                    …
                  </span>
                ) : (
                  <Link
                    key={p}
                    to={categoryPath(category, p)}
                    className="help-pager__btn"
                    aria-current={p === page ? 'page' : undefined}
                    aria-label={t`Page ${p}`}
                  >
                    {p}
                  </Link>
                ),
              )}
              {page < data.pages ? (
                <Link to={categoryPath(category, page + 1)} className="help-pager__btn" aria-label={t`Next page`}>
                  <ChevronRight size={16} aria-hidden />
                </Link>
              ) : (
                <span className="help-pager__btn help-pager__btn--off" aria-hidden>
                  <ChevronRight size={16} />
                </span>
              )}
            </nav>
          )}
        </>
      )}
    </HelpLayout>
  );
}
