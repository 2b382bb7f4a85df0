import { Link } from 'react-router';
import { ArrowDownToLine, ArrowLeftRight, CandlestickChart, LayoutDashboard, ShieldCheck, User, Wallet } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

const shortcuts = [
  { label: msg`Start Trading`, to: '/spot-trading', icon: CandlestickChart, primary: true },
  { label: msg`View Dashboard`, to: '/account/overview', icon: LayoutDashboard },
  { label: msg`Deposit`, to: '/deposit', icon: ArrowDownToLine },
  { label: msg`Transfer`, to: '/transfer', icon: ArrowLeftRight },
  { label: msg`Assets`, to: '/assets', icon: Wallet },
  { label: msg`Profile`, to: '/account/profile', icon: User },
];

export function VerifiedHero({ email }: { email: string | null }) {
  const { t, i18n } = useLingui();
  return (
    <div className="hero-status hero-status--ok">
      <div className="hero-status__head">
        <ShieldCheck size={24} aria-hidden />
        <h2>
          <Trans>Account Verified</Trans>
        </h2>
      </div>
      <p className="hero-status__text">
        {email ? (
          <Trans>Welcome back, {email}. All trading features and withdrawal limits are unlocked.</Trans>
        ) : (
          <Trans>Welcome back. All trading features and withdrawal limits are unlocked.</Trans>
        )}
      </p>
      <nav className="hero-shortcuts" aria-label={t`Shortcuts`}>
        {shortcuts.map(({ label, to, icon: Icon, primary }) => (
          <Link key={to} to={to} className={primary ? 'hero-shortcut hero-shortcut--primary' : 'hero-shortcut'}>
            <Icon size={20} aria-hidden />
            {i18n._(label)}
          </Link>
        ))}
      </nav>
    </div>
  );
}
