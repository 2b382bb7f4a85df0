import { Link } from 'react-router';
import { Newspaper, ShieldCheck, Sparkles } from 'lucide-react';

const news = [
  {
    title: 'Simple Earn adds flexible products with daily rewards',
    date: '2025-05-22',
    label: 'May 22, 2025',
    tag: 'Product',
    to: '/help/simple-earn-flexible-products',
    icon: Sparkles,
    tone: 'gold',
  },
  {
    title: 'Perpetual futures gain new pairs and a funding-rate dashboard',
    date: '2025-05-14',
    label: 'May 14, 2025',
    tag: 'Futures',
    to: '/help/perpetual-futures-new-pairs',
    icon: Newspaper,
    tone: 'green',
  },
  {
    title: 'Withdrawal address allowlist now available for every account',
    date: '2025-05-06',
    label: 'May 6, 2025',
    tag: 'Security',
    to: '/help/withdrawal-allowlist',
    icon: ShieldCheck,
    tone: 'blue',
  },
];

export function News() {
  return (
    <section className="landing-section container" aria-labelledby="news-title">
      <div className="landing-section__row">
        <h2 id="news-title" className="landing-section__title">
          Latest News
        </h2>
        <Link to="/help/category/announcements" className="btn-link">
          View all
        </Link>
      </div>
      <div className="news">
        {news.map(({ title, date, label, tag, to, icon: Icon, tone }) => (
          <article key={title} className="news-card">
            <div className={`news-card__thumb news-card__thumb--${tone}`} aria-hidden>
              <Icon size={44} />
            </div>
            <div className="news-card__body">
              <p className="news-card__meta">
                <span className="news-card__tag">{tag}</span>
                <time dateTime={date}>{label}</time>
              </p>
              <h3 className="news-card__title">
                <Link to={to}>{title}</Link>
              </h3>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
