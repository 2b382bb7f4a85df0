import { Link } from 'react-router';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, CandlestickChart } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

/** Spec 3 §2's Quick Actions and their destinations. */
const ACTIONS = [
  { to: '/deposit', label: msg`Deposit`, Icon: ArrowDownToLine },
  { to: '/withdraw', label: msg`Withdraw`, Icon: ArrowUpFromLine },
  { to: '/account/transfer', label: msg`Transfer`, Icon: ArrowLeftRight },
  { to: '/trading', label: msg`Trade`, Icon: CandlestickChart },
];

export function QuickActions() {
  const { i18n } = useLingui();
  return (
    <section className="card account-card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="account-card__title">
        <Trans>Quick Actions</Trans>
      </h2>
      <ul className="account-actions">
        {ACTIONS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link to={to} className="account-action">
              <Icon size={22} aria-hidden />
              {i18n._(label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
