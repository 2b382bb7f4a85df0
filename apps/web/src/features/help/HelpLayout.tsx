import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HELP_CATEGORIES, type HelpCategory } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryLabels, categoryPath } from './categories';
import './help.css';

interface HelpLayoutProps {
  /** The category to mark as current in the sidebar, if any. */
  current: HelpCategory | null;
  children: ReactNode;
}

/** The help centre's frame: the categories sidebar beside the page's content. */
export function HelpLayout({ current, children }: HelpLayoutProps) {
  const { t, i18n } = useLingui();
  const nav = useRef<HTMLElement>(null);
  // On a phone the categories are a sideways-scrolling row: bring the current one into sight.
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <div className="container help-page">
      <nav ref={nav} className="help-sidebar" aria-label={t`Help centre categories`}>
        <p className="help-sidebar__title">
          <Trans>Help centre</Trans>
        </p>
        <ul>
          {HELP_CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={categoryPath(category)}
                className="help-sidebar__link"
                aria-current={category === current ? 'page' : undefined}
              >
                {i18n._(categoryLabels[category])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="help-main">
        {children}
        {i18n.locale !== 'en' && (
          <p className="muted help-language-note">
            <Trans>Announcements and articles are published in English.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
