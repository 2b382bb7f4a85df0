import { Link } from 'react-router';
import { Newspaper, ShieldCheck, Sparkles } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { formatDay } from '../../../shared/format/date';

const news = [
  {
    title: msg`Simple Earn adds flexible products with daily rewards`,
    date: '2025-05-22',
    tag: msg`Product`,
    to: '/help/simple-earn-flexible-products',
    icon: Sparkles,
    tone: 'gold',
  },
  {
    title: msg`Perpetual futures gain new pairs and a funding-rate dashboard`,
    date: '2025-05-14',
    tag: msg`Futures`,
    to: '/help/perpetual-futures-new-pairs',
    icon: Newspaper,
    tone: 'green',
  },
  {
    title: msg`Withdrawal address allowlist now available for every account`,
    date: '2025-05-06',
    tag: msg`Security`,
    to: '/help/withdrawal-allowlist',
    icon: ShieldCheck,
    tone: 'blue',
  },
];

export function News() {
  const { i18n } = useLingui();
  return (
    <section className="landing-section container" aria-labelledby="news-title">
      <div className="landing-section__row">
        <h2 id="news-title" className="landing-section__title">
          <Trans>Latest News</Trans>
        </h2>
        <Link to="/help/category/announcements" className="btn-link">
          <Trans>View all</Trans>
        </Link>
      </div>
      <div className="news">
        {news.map(({ title, date, tag, to, icon: Icon, tone }) => (
          <article key={to} className="news-card">
            <div className={`news-card__thumb news-card__thumb--${tone}`} aria-hidden>
              <Icon size={44} />
            </div>
            <div className="news-card__body">
              <p className="news-card__meta">
                <span className="news-card__tag">{i18n._(tag)}</span>
                <time dateTime={date}>{formatDay(date)}</time>
              </p>
              <h3 className="news-card__title">
                <Link to={to}>{i18n._(title)}</Link>
              </h3>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
