import { Link } from 'react-router';
import { ArrowDownToLine, ArrowRight, CandlestickChart, UserPlus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

const steps = [
  { title: msg`Sign Up`, text: msg`Create your account in minutes with an email address.`, cta: msg`Sign Up`, to: '/login', icon: UserPlus },
  { title: msg`Deposit Now`, text: msg`Fund your account with crypto from any wallet.`, cta: msg`Deposit Now`, to: '/deposit', icon: ArrowDownToLine },
  { title: msg`Trading`, text: msg`Trade spot and futures markets with deep liquidity.`, cta: msg`Trading`, to: '/spot-trading', icon: CandlestickChart },
];

export function GetStarted() {
  const { i18n } = useLingui();
  return (
    <section className="landing-section container" aria-labelledby="get-started-title">
      <h2 id="get-started-title" className="landing-section__title">
        <Trans>How to Get Started</Trans>
      </h2>
      <ol className="steps">
        {steps.map(({ title, text, cta, to, icon: Icon }, index) => (
          <li key={to} className="step card">
            <span className="step__number" aria-hidden>
              {String(index + 1).padStart(2, '0')}
            </span>
            <span className="step__icon">
              <Icon size={26} aria-hidden />
            </span>
            <h3>{i18n._(title)}</h3>
            <p className="muted">{i18n._(text)}</p>
            <Link to={to} className="step__link">
              {i18n._(cta)} <ArrowRight size={16} aria-hidden />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
