import { Link, useParams } from 'react-router';
import { ChevronLeft } from 'lucide-react';
import { helpMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../shared/api/http';
import { formatDay } from '../../shared/format/date';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { Spinner } from '../../shared/ui/Spinner';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { fetchArticle } from './api';
import { ANNOUNCEMENTS_PATH, categoryLabels, categoryPath } from './categories';
import { HelpLayout } from './HelpLayout';
import { LanguageBadge } from './LanguageBadge';

/** /help/{articleSlug}: one announcement or guide, or "Article not found" (spec 3 §2). */
export default function ArticlePage() {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const slug = useParams().articleSlug ?? '';
  const article = useAsync('help-article', slug, (signal) => fetchArticle(slug, signal));
  const notFound = article.status === 'error' && article.error instanceof ApiError && article.error.status === 404;
  const data = article.status === 'ready' ? article.data : null;
  usePageTitle(data?.title ?? (notFound ? contractText(helpMessages.articleNotFound) : t`Help centre`));
  const minutes = data?.readTime ?? 0;

  return (
    <HelpLayout current={data?.category ?? null}>
      <Link to={data ? categoryPath(data.category) : ANNOUNCEMENTS_PATH} className="btn-link help-back">
        <ChevronLeft size={16} aria-hidden />
        {data ? i18n._(categoryLabels[data.category]) : <Trans>All announcements</Trans>}
      </Link>
      {article.status === 'loading' && (
        <div className="help-state">
          <Spinner label={t`Loading the article`} />
        </div>
      )}
      {notFound && (
        <div className="help-state">
          <h1 className="help-title">{contractText(helpMessages.articleNotFound)}</h1>
          <p className="muted">
            <Trans>The article may have moved or the link may be mistyped.</Trans>
          </p>
          <Link to={ANNOUNCEMENTS_PATH} className="btn btn-primary btn-sm">
            <Trans>Browse announcements</Trans>
          </Link>
        </div>
      )}
      {article.status === 'error' && !notFound && (
        <div className="help-state" role="alert">
          <span>{contractText(helpMessages.loadArticleFailed)}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={article.reload}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      )}
      {data && (
        <article className="help-article">
          <h1 className="help-title" lang={data.language}>
            {data.title}
          </h1>
          <p className="help-item__meta muted">
            <LanguageBadge language={data.language} />
            <span className="help-badge">{i18n._(categoryLabels[data.category])}</span>
            <time dateTime={data.publishDate}>{formatDay(data.publishDate)}</time>
            <span>
              <Trans>{minutes} min read</Trans>
            </span>
          </p>
          <div lang={data.language}>
            <SafeHtml className="help-article__body" html={data.html} />
          </div>
        </article>
      )}
    </HelpLayout>
  );
}
