import { Link } from 'react-router';
import { ChartLine, CandlestickChart, ChevronRight, PiggyBank, Rocket } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

const services = [
  { title: msg`Spot Trading`, text: msg`Buy and sell hundreds of coins at market or limit prices with low fees.`, to: '/spot-trading', icon: CandlestickChart },
  { title: msg`Perpetual Futures`, text: msg`Go long or short with leverage and no expiry date.`, to: '/future-trading', icon: ChartLine },
  { title: msg`Earn`, text: msg`Grow idle holdings with flexible and locked products.`, to: '/earn', icon: PiggyBank },
  { title: msg`New Listing`, text: msg`Be first to trade promising projects as soon as they list.`, to: '/help/category/announcements', icon: Rocket },
];

export function Services() {
  const { i18n } = useLingui();
  return (
    <section className="landing-section container" aria-labelledby="services-title">
      <h2 id="services-title" className="landing-section__title">
        <Trans>Our Services</Trans>
      </h2>
      <p className="landing-section__lead">
        <Trans>One account for every way you want to trade and grow your crypto.</Trans>
      </p>
      <ul className="services">
        {services.map(({ title, text, to, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="service">
              <span className="service__icon">
                <Icon size={24} aria-hidden />
              </span>
              <span className="service__body">
                <span className="service__title">{i18n._(title)}</span>
                <span className="muted">{i18n._(text)}</span>
              </span>
              <ChevronRight size={20} className="service__arrow" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
