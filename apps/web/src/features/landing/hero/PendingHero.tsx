import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { Trans } from '@lingui/react/macro';

/** Documents sent, review not decided yet (spec 3 §4's "pending"): nothing to do but wait. */
export function PendingHero() {
  return (
    <div className="hero-status hero-status--pending" role="status">
      <div className="hero-status__head">
        <Hourglass size={24} aria-hidden />
        <h2>
          <Trans>Verification Under Review</Trans>
        </h2>
      </div>
      <p className="hero-status__text">
        <Trans>We received your documents and are checking them. This usually takes a few minutes and at most 24 hours; this page updates by itself.</Trans>
      </p>
      <div className="hero-status__actions">
        <Link to="/account/profile/verify" className="btn btn-primary">
          <Trans>View Status</Trans>
        </Link>
        <Link to="/market" className="btn btn-ghost">
          <Trans>Explore Markets</Trans>
        </Link>
      </div>
    </div>
  );
}
