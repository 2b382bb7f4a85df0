import { Trans } from '@lingui/react/macro';
import type { VisitorState } from '../visitorState';
import { AnonymousHero } from './AnonymousHero';
import { PendingHero } from './PendingHero';
import { UnverifiedHero } from './UnverifiedHero';
import { VerifiedHero } from './VerifiedHero';
import { HeroArt } from './HeroArt';
import './Hero.css';

export function Hero({ state, email }: { state: VisitorState; email: string | null }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__glow" aria-hidden />
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <Trans>Spot · Perpetual Futures · Earn</Trans>
          </p>
          <h1 id="hero-title" className="hero__title">
            <Trans>
              Global Crypto <span className="accent">Derivatives</span> Exchange
            </Trans>
          </h1>
          {state === 'anonymous' && <AnonymousHero />}
          {state === 'unverified' && <UnverifiedHero />}
          {state === 'pending' && <PendingHero />}
          {state === 'verified' && <VerifiedHero email={email} />}
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
