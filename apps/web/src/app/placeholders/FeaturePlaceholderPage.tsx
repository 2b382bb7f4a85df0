import { Link, useLocation } from 'react-router';
import { Construction } from 'lucide-react';
import { comingSoonText } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { placeholderTitles } from './placeholderTitles';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './Placeholders.css';

export default function FeaturePlaceholderPage() {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const { pathname } = useLocation();
  const known = placeholderTitles[pathname.replace(/\/+$/, '')];
  const title = known ? i18n._(known) : t`Account`;
  usePageTitle(title);
  return (
    <section className="placeholder container">
      <nav className="placeholder__crumbs" aria-label={t`Breadcrumb`}>
        <Link to="/account/profile">
          <Trans>Profile</Trans>
        </Link>
        <span aria-hidden>/</span>
        <span>{title}</span>
      </nav>
      <div className="placeholder__card card">
        <h1>{title}</h1>
        <Construction size={40} className="placeholder__icon" aria-hidden />
        <p className="placeholder__text">{contractText(comingSoonText)}</p>
      </div>
    </section>
  );
}
