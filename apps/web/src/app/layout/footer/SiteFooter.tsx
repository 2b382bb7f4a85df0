import { useState } from 'react';
import { LogoMark, BRAND } from '../../../shared/ui/Logo';
import { useMediaQuery } from '../../../shared/ui/useMediaQuery';
import { LazyDownloadQr } from '../../../features/download/LazyDownloadQr';
import { CommunityIcons } from './CommunityIcons';
import { FooterColumnBlock } from './FooterColumnBlock';
import { footerColumns } from './footerData';
import './SiteFooter.css';

export const FOOTER_ACCORDION_QUERY = '(max-width: 767px)';

export function SiteFooter() {
  const collapsible = useMediaQuery(FOOTER_ACCORDION_QUERY);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (title: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(title)) next.delete(title);
      else next.add(title);
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
          <p className="muted">Community</p>
          <CommunityIcons />
          <div className="site-footer__app">
            <LazyDownloadQr />
            <div>
              <h2 className="site-footer__app-title">Trade on the go</h2>
              <p className="muted">Scan to download the {BRAND} app for iOS and Android.</p>
            </div>
          </div>
        </div>
        <div className="site-footer__columns">
          {footerColumns.map((column) => (
            <FooterColumnBlock
              key={column.title}
              column={column}
              collapsible={collapsible}
              expanded={expanded.has(column.title)}
              onToggle={() => toggle(column.title)}
            />
          ))}
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {BRAND}. All rights reserved.
        </p>
        <p className="muted">Crypto assets are volatile. Trade responsibly and only with funds you can afford to lose.</p>
      </div>
    </footer>
  );
}
