import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

/** Spec 3 §2's four account settings: API Management (issue 42) and three pages that say the feature is coming soon. */
const SETTINGS = [
  { to: '/account/profile/preferences', label: msg`Preferences` },
  { to: '/account/profile/sub-accounts', label: msg`Sub-accounts` },
  { to: '/account/api', label: msg`API Management` },
  { to: '/account/profile/third-party', label: msg`Third-party Authorization` },
];

export function MoreSettings() {
  const { i18n } = useLingui();
  return (
    <section className="card account-card" aria-labelledby="more-settings-title">
      <h2 id="more-settings-title" className="account-card__title">
        <Trans>More settings</Trans>
      </h2>
      <ul className="account-links">
        {SETTINGS.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className="account-link">
              {i18n._(label)}
              <ChevronRight size={16} aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
