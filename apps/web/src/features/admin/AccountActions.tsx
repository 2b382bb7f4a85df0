import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPERATOR_REASON_MAX, type AdminAccountState, type OperatorRight } from '@exchange/contract';
import { formatDateTime } from '../../shared/format/wallet';
import { actOnAccount, type AccountAction } from './api';
import { CodeField, FormError, ReasonField, useOperatorSubmit } from './OperatorForm';

interface AccountActionsProps {
  userId: string;
  account: AdminAccountState;
  rights: ReadonlySet<OperatorRight>;
  onChanged: (account: AdminAccountState) => void;
}

/** A user's account state and the operator's actions on it, each with a reason the audit log keeps. */
export function AccountActions({ userId, account, rights, onChanged }: AccountActionsProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState<AccountAction | null>(null);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, run, clearError } = useOperatorSubmit(t`The action could not be done.`);
  const [done, setDone] = useState<string | null>(null);

  const actions: { id: AccountAction; label: string; shown: boolean }[] = [
    { id: 'freeze', label: t`Freeze account`, shown: rights.has('users.freeze') && !account.frozen },
    { id: 'unfreeze', label: t`Unfreeze account`, shown: rights.has('users.freeze') && account.frozen },
    { id: 'end-sessions', label: t`End all sessions`, shown: rights.has('users.security') },
    { id: 'unlock-login', label: t`Unlock login`, shown: rights.has('users.security') && account.login_failures > 0 },
    { id: 'reset-two-factor', label: t`Reset authenticator`, shown: rights.has('users.security') && account.two_factor },
  ];
  const chosen = actions.find((a) => a.id === pending);

  const open = (id: AccountAction) => {
    setPending(id);
    setReason('');
    setCode('');
    clearError();
    setDone(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    await run(
      async () => {
        const res = await actOnAccount(userId, pending, pending === 'reset-two-factor' ? { reason: reason.trim(), totp_code: code.trim() } : { reason: reason.trim() });
        setPending(null);
        setDone(res.message);
        onChanged(res.account);
      },
      () => setCode(''),
    );
  };

  return (
    <>
      <h3 className="admin-subtitle">
        <Trans>Account</Trans>
      </h3>
      <dl className="admin-details">
        <dt>{t`State`}</dt>
        <dd className={account.frozen ? 'admin-error' : 'admin-ok'}>
          {account.frozen ? t`Frozen since ${formatDateTime(account.frozen_at ?? '')} by ${account.frozen_by ?? ''}: ${account.frozen_reason ?? ''}` : t`Active`}
        </dd>
        <dt>{t`Live sessions`}</dt>
        <dd>{account.live_sessions}</dd>
        <dt>{t`Failed logins`}</dt>
        <dd>{account.login_locked ? t`${account.login_failures}, login locked` : account.login_failures}</dd>
        <dt>{t`Authenticator app`}</dt>
        <dd>{account.two_factor ? t`On` : t`Off`}</dd>
        {account.withdrawals_locked_until && (
          <>
            <dt>{t`Withdrawals paused until`}</dt>
            <dd>{formatDateTime(account.withdrawals_locked_until)}</dd>
          </>
        )}
      </dl>
      <div className="admin-row admin-account-actions">
        {actions
          .filter((a) => a.shown)
          .map((a) => (
            <button key={a.id} type="button" className="btn btn-ghost btn-sm" aria-pressed={pending === a.id} onClick={() => open(a.id)}>
              {a.label}
            </button>
          ))}
      </div>
      {done && (
        <p role="status" className="admin-ok">
          {done}
        </p>
      )}
      {chosen && (
        <form className="admin-form admin-form--grid" aria-label={chosen.label} onSubmit={(e) => void onSubmit(e)}>
          <ReasonField
            id="admin-account"
            max={OPERATOR_REASON_MAX}
            hint={pending === 'reset-two-factor' ? t`The ticket and how you checked who asks; kept in the audit log.` : t`Kept in the audit log; the user does not read it.`}
            value={reason}
            onChange={setReason}
          />
          {pending === 'reset-two-factor' && <CodeField id="admin-account" label={t`Your authenticator code`} value={code} onChange={setCode} />}
          <div className="admin-row admin-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {chosen.label}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setPending(null)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
          <FormError error={error} />
        </form>
      )}
    </>
  );
}
