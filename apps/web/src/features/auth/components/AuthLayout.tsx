import type { ReactNode } from 'react';
import { Gift, ShieldCheck, Zap } from 'lucide-react';
import { NEWCOMER_GIFT_USD } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUsdWhole } from '../../../shared/format/price';
import '../styles/auth.css';

/** The auth page's main area: a promo panel on wide screens and the centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const gift = formatUsdWhole(NEWCOMER_GIFT_USD);
  return (
    <div className="auth-page">
      <div className="auth-grid">
        <aside className="auth-promo" aria-label={t`Why trade with us`}>
          <p className="auth-promo-kicker">
            <Trans>Global Crypto Derivatives Exchange</Trans>
          </p>
          <h2 className="auth-promo-title">
            <Trans>
              Trade spot and futures with <span className="auth-accent">confidence</span>
            </Trans>
          </h2>
          <ul className="auth-promo-list">
            <li>
              <Gift size={20} aria-hidden />
              <span>
                <Trans>Newcomer gifts worth up to {gift}</Trans>
              </span>
            </li>
            <li>
              <Zap size={20} aria-hidden />
              <span>
                <Trans>Convert with no trading fees and no slippage</Trans>
              </span>
            </li>
            <li>
              <ShieldCheck size={20} aria-hidden />
              <span>
                <Trans>Email verification keeps your account yours</Trans>
              </span>
            </li>
          </ul>
        </aside>
        <section className="auth-card card">{children}</section>
      </div>
    </div>
  );
}
