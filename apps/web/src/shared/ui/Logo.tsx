import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import './Logo.css';

export const BRAND = 'Nexa';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--primary)" />
      <path d="M8 24V8h3.2l9.6 10.4V8H24v16h-3.2L11.2 13.6V24z" fill="var(--primary-text)" />
    </svg>
  );
}

export function Logo() {
  const { t } = useLingui();
  return (
    <Link to="/" className="logo" aria-label={t`${BRAND} home`}>
      <LogoMark />
      <span className="logo__text">{BRAND}</span>
    </Link>
  );
}
