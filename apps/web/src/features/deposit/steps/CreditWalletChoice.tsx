import { useId } from 'react';
import { Link } from 'react-router';
import { DEPOSIT_WALLETS, type DepositWallet } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useCreditWallet } from '../data/useCreditWallet';

const OPTIONS = {
  funding: { label: msg`Funding`, hint: msg`For withdrawals and Earn. Move it to Spot to trade.` },
  spot: { label: msg`Spot`, hint: msg`Ready to trade as soon as it is credited.` },
} as const;

/** Where deposits land (issue 40): Funding by default, or straight to Spot; the choice is kept on the server. */
export function CreditWalletChoice({ uid }: { uid: number }) {
  const { i18n } = useLingui();
  const name = useId();
  const { wallet, status, reload, saving, failed, choose } = useCreditWallet(uid);
  return (
    <fieldset className="deposit-credit" aria-busy={saving || wallet === null} data-testid="deposit-credit-wallet">
      <legend className="deposit-credit__legend">
        <Trans>Credit my deposits to</Trans>
      </legend>
      <div className="deposit-credit__options">
        {DEPOSIT_WALLETS.map((option: DepositWallet) => (
          <label key={option} className={`deposit-credit__option${wallet === option ? ' is-active' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={wallet === option}
              disabled={saving || wallet === null}
              onChange={() => void choose(option)}
            />
            <span>
              <strong>{i18n._(OPTIONS[option].label)}</strong>
              <span className="muted">{i18n._(OPTIONS[option].hint)}</span>
            </span>
          </label>
        ))}
      </div>
      {status === 'error' && wallet === null && (
        <p className="form-error" role="alert">
          <Trans>Could not load where your deposits are credited.</Trans>{' '}
          <button type="button" className="btn-link" onClick={reload}>
            <Trans>Retry</Trans>
          </button>
        </p>
      )}
      {failed && (
        <p className="form-error" role="alert">
          <Trans>Your choice was not saved. Please try again.</Trans>
        </p>
      )}
      <p className="funds-note muted">
        <Trans>
          Deposits already credited stay where they are: <Link to="/transfer?from=funding&to=spot">move them from Funding to Spot</Link> to trade them.
        </Trans>
      </p>
    </fieldset>
  );
}
