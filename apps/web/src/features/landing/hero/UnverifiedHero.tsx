import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';

export function UnverifiedHero() {
  return (
    <div className="hero-status hero-status--warning" role="status">
      <div className="hero-status__head">
        <ShieldAlert size={24} aria-hidden />
        <h2>Account Verification Required</h2>
      </div>
      <p className="hero-status__text">
        Some features are limited until your identity is verified. Verification usually takes only a few minutes.
      </p>
      <div className="hero-status__actions">
        <Link to="/account/profile/verify" className="btn btn-primary">
          Verify Account
        </Link>
        <Link to="/account/profile" className="btn btn-ghost">
          View Profile
        </Link>
      </div>
    </div>
  );
}
