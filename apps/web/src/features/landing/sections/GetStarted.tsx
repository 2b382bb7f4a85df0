import { Link } from 'react-router';
import { ArrowDownToLine, ArrowRight, CandlestickChart, UserPlus } from 'lucide-react';

const steps = [
  { title: 'Sign Up', text: 'Create your account in minutes with an email address.', cta: 'Sign Up', to: '/login', icon: UserPlus },
  { title: 'Deposit Now', text: 'Fund your account with crypto from any wallet.', cta: 'Deposit Now', to: '/deposit', icon: ArrowDownToLine },
  { title: 'Trading', text: 'Trade spot and futures markets with deep liquidity.', cta: 'Trading', to: '/spot-trading', icon: CandlestickChart },
];

export function GetStarted() {
  return (
    <section className="landing-section container" aria-labelledby="get-started-title">
      <h2 id="get-started-title" className="landing-section__title">
        How to Get Started
      </h2>
      <ol className="steps">
        {steps.map(({ title, text, cta, to, icon: Icon }, index) => (
          <li key={title} className="step card">
            <span className="step__number" aria-hidden>
              {String(index + 1).padStart(2, '0')}
            </span>
            <span className="step__icon">
              <Icon size={26} aria-hidden />
            </span>
            <h3>{title}</h3>
            <p className="muted">{text}</p>
            <Link to={to} className="step__link">
              {cta} <ArrowRight size={16} aria-hidden />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
