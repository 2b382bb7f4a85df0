import { Link } from 'react-router';
import { ArrowDownToLine, ArrowLeftRight, CandlestickChart, LayoutDashboard, ShieldCheck, User, Wallet } from 'lucide-react';

const shortcuts = [
  { label: 'Start Trading', to: '/spot-trading', icon: CandlestickChart, primary: true },
  { label: 'View Dashboard', to: '/account/overview', icon: LayoutDashboard },
  { label: 'Deposit', to: '/deposit', icon: ArrowDownToLine },
  { label: 'Transfer', to: '/transfer', icon: ArrowLeftRight },
  { label: 'Assets', to: '/assets', icon: Wallet },
  { label: 'Profile', to: '/account/profile', icon: User },
];

export function VerifiedHero({ email }: { email: string | null }) {
  return (
    <div className="hero-status hero-status--ok">
      <div className="hero-status__head">
        <ShieldCheck size={24} aria-hidden />
        <h2>Account Verified</h2>
      </div>
      <p className="hero-status__text">
        Welcome back{email ? `, ${email}` : ''}. All trading features and withdrawal limits are unlocked.
      </p>
      <nav className="hero-shortcuts" aria-label="Shortcuts">
        {shortcuts.map(({ label, to, icon: Icon, primary }) => (
          <Link key={label} to={to} className={primary ? 'hero-shortcut hero-shortcut--primary' : 'hero-shortcut'}>
            <Icon size={20} aria-hidden />
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
