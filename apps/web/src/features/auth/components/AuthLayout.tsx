import type { ReactNode } from 'react';
import { Gift, ShieldCheck, Zap } from 'lucide-react';
import '../styles/auth.css';

/** The auth page's main area: a promo panel on wide screens and the centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-grid">
        <aside className="auth-promo" aria-label="Why trade with us">
          <p className="auth-promo-kicker">Global Crypto Derivatives Exchange</p>
          <h2 className="auth-promo-title">
            Trade spot and futures with <span className="auth-accent">confidence</span>
          </h2>
          <ul className="auth-promo-list">
            <li>
              <Gift size={20} aria-hidden />
              <span>Newcomer gifts worth up to $2,000</span>
            </li>
            <li>
              <Zap size={20} aria-hidden />
              <span>Convert with no trading fees and no slippage</span>
            </li>
            <li>
              <ShieldCheck size={20} aria-hidden />
              <span>Email verification keeps your account yours</span>
            </li>
          </ul>
        </aside>
        <section className="auth-card card">{children}</section>
      </div>
    </div>
  );
}
