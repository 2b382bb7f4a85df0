import { Link } from 'react-router';
import { ChartLine, CandlestickChart, ChevronRight, PiggyBank, Rocket } from 'lucide-react';

const services = [
  { title: 'Spot Trading', text: 'Buy and sell hundreds of coins at market or limit prices with low fees.', to: '/spot-trading', icon: CandlestickChart },
  { title: 'Perpetual Futures', text: 'Go long or short with leverage and no expiry date.', to: '/future-trading', icon: ChartLine },
  { title: 'Earn', text: 'Grow idle holdings with flexible and locked products.', to: '/earn', icon: PiggyBank },
  { title: 'New Listing', text: 'Be first to trade promising projects as soon as they list.', to: '/help/category/announcements', icon: Rocket },
];

export function Services() {
  return (
    <section className="landing-section container" aria-labelledby="services-title">
      <h2 id="services-title" className="landing-section__title">
        Our Services
      </h2>
      <p className="landing-section__lead">One account for every way you want to trade and grow your crypto.</p>
      <ul className="services">
        {services.map(({ title, text, to, icon: Icon }) => (
          <li key={title}>
            <Link to={to} className="service">
              <span className="service__icon">
                <Icon size={24} aria-hidden />
              </span>
              <span className="service__body">
                <span className="service__title">{title}</span>
                <span className="muted">{text}</span>
              </span>
              <ChevronRight size={20} className="service__arrow" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
