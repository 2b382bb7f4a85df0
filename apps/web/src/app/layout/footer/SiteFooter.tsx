import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { LogoMark, BRAND } from '../../../shared/ui/Logo';
import { useMediaQuery } from '../../../shared/ui/useMediaQuery';
import { LazyDownloadQr } from '../../../features/download/LazyDownloadQr';
import { CommunityIcons } from './CommunityIcons';
import { FooterColumnBlock } from './FooterColumnBlock';
import { footerColumns } from './footerData';
import './SiteFooter.css';

const FOOTER_ACCORDION_QUERY = '(max-width: 767px)';

export default function SiteFooter() {
  const collapsible = useMediaQuery(FOOTER_ACCORDION_QUERY);
  const year = new Date().getFullYear();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <div className="site-footer__logo">
            <LogoMark size={32} />
            <span>{BRAND}</span>
          </div>
          <p className="muted">
            <Trans>Community</Trans>
          </p>
          <CommunityIcons />
          <div className="site-footer__app">
            <LazyDownloadQr />
            <div>
              <h2 className="site-footer__app-title">
                <Trans>Trade on the go</Trans>
              </h2>
              <p className="muted">
                <Trans>Scan to download the {BRAND} app for iOS and Android.</Trans>
              </p>
            </div>
          </div>
        </div>
        <div className="site-footer__columns">
          {footerColumns.map((column) => (
            <FooterColumnBlock
              key={column.key}
              column={column}
              collapsible={collapsible}
              expanded={expanded.has(column.key)}
              onToggle={() => toggle(column.key)}
            />
          ))}
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          <Trans>
            © {year} {BRAND}. All rights reserved.
          </Trans>
        </p>
        <p className="muted">
          <Trans>Crypto assets are volatile. Trade responsibly and only with funds you can afford to lose.</Trans>
        </p>
      </div>
    </footer>
  );
}
