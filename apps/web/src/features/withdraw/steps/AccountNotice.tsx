import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { withdrawMessages, type WithdrawLimitsResponse } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { useWithdrawTexts } from '../data/useWithdrawTexts';
import { isLocked } from '../model/limits';

/** Why this user cannot withdraw now, if so: identity not verified (with the way to verify), or the 24 h lock. */
export function AccountNotice({ limits }: { limits: WithdrawLimitsResponse | null }) {
  const texts = useWithdrawTexts();
  if (!limits) return null;
  if (!limits.verified) {
    return (
      <div className="withdraw-notice" role="note" data-testid="withdraw-unverified">
        <ShieldAlert size={20} aria-hidden />
        <div>
          <p>{texts.contractText(withdrawMessages.notVerified)}</p>
          <Link to="/account/profile/verify" className="btn btn-primary btn-sm">
            <Trans>Verify now</Trans>
          </Link>
        </div>
      </div>
    );
  }
  if (limits.locked_until !== null && isLocked(limits.locked_until)) {
    return (
      <div className="withdraw-notice" role="note" data-testid="withdraw-locked">
        <ShieldAlert size={20} aria-hidden />
        <p>{texts.lockedUntil(limits.locked_until)}</p>
      </div>
    );
  }
  return null;
}
