import { Link } from 'react-router';
import type { VisitorState } from '../visitorState';

const content: Record<VisitorState, { title: string; text: string; cta: string; to: string }> = {
  anonymous: {
    title: 'Start your crypto journey today',
    text: 'Sign up now and claim newcomer gifts worth up to $2,000.',
    cta: 'Sign up',
    to: '/signup',
  },
  unverified: {
    title: 'One step left',
    text: 'Complete your verification to unlock all trading features and higher withdrawal limits',
    cta: 'Verify Now',
    to: '/account/profile/verify',
  },
  verified: {
    title: 'Your account is ready',
    text: 'Markets are open around the clock. Put your strategy to work.',
    cta: 'Start Trading',
    to: '/spot-trading',
  },
};

export function BottomBanner({ state }: { state: VisitorState }) {
  const { title, text, cta, to } = content[state];
  return (
    <section className="container" aria-labelledby="bottom-banner-title">
      <div className="bottom-banner">
        <div>
          <h2 id="bottom-banner-title">{title}</h2>
          <p>{text}</p>
        </div>
        <Link to={to} className="btn btn-primary bottom-banner__cta">
          {cta}
        </Link>
      </div>
    </section>
  );
}
