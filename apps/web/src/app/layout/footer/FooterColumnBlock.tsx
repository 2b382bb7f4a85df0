import { useId } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';
import { useComingSoon } from '../../../shared/coming-soon/ComingSoonProvider';
import type { FooterColumn } from './footerData';

interface FooterColumnBlockProps {
  column: FooterColumn;
  /** Narrow screens fold each column behind its heading button. */
  collapsible: boolean;
  expanded: boolean;
  onToggle: () => void;
}

export function FooterColumnBlock({ column, collapsible, expanded, onToggle }: FooterColumnBlockProps) {
  const { i18n } = useLingui();
  const openComingSoon = useComingSoon();
  const listId = useId();
  const showList = !collapsible || expanded;
  return (
    <div className={clsx('footer-col', collapsible && 'footer-col--collapsible')}>
      <h2 className="footer-col__title">
        {collapsible ? (
          <button type="button" className="footer-col__toggle" aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
            {i18n._(column.title)}
            <ChevronDown size={18} className={clsx('footer-col__chevron', expanded && 'is-open')} aria-hidden />
          </button>
        ) : (
          i18n._(column.title)
        )}
      </h2>
      {showList && (
        <ul id={listId} className="footer-col__list">
          {column.links.map((link) => (
            <li key={link.label.id}>
              {link.to ? (
                <Link to={link.to} className="footer-col__link">
                  {i18n._(link.label)}
                </Link>
              ) : (
                <button type="button" className="footer-col__link" onClick={openComingSoon}>
                  {i18n._(link.label)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
