import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Trans } from '@lingui/react/macro';

export function UnverifiedHero() {
  return (
    <div className="hero-status hero-status--warning" role="status">
      <div className="hero-status__head">
        <ShieldAlert size={24} aria-hidden />
        <h2>
          <Trans>Account Verification Required</Trans>
        </h2>
      </div>
      <p className="hero-status__text">
        <Trans>Some features are limited until your identity is verified. Verification usually takes only a few minutes.</Trans>
      </p>
      <div className="hero-status__actions">
        <Link to="/account/profile/verify" className="btn btn-primary">
          <Trans>Verify Account</Trans>
        </Link>
        <Link to="/account/profile" className="btn btn-ghost">
          <Trans>View Profile</Trans>
        </Link>
      </div>
    </div>
  );
}
