import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SECURITY_PATH } from './paths';
import '../styles/auth.css';
import './security.css';

/** A change page: the breadcrumb from the security centre, its title, and the card of its steps. */
export function ChangeLayout({ title, banner, aside, children }: { title: string; banner?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="container security-page">
      <nav className="security-crumbs" aria-label={t`Breadcrumb`}>
        <Link to={SECURITY_PATH}>
          <Trans>Security center</Trans>
        </Link>
        <ChevronRight size={14} aria-hidden />
        <span aria-current="page">{title}</span>
      </nav>
      <h1 className="security-title">{title}</h1>
      {banner}
      <div className="security-change">
        <section className="card security-change__card">{children}</section>
        {aside}
      </div>
    </div>
  );
}
