import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Fingerprint, KeyRound, Lock, Mail, ShieldAlert, Smartphone } from 'lucide-react';
import type { SecurityOverviewResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/format/wallet';
import { useAsync } from '../../../shared/hooks/useAsync';
import { readSession } from '../../../shared/session/session';
import { LoginPrompt } from '../../../shared/ui/LoginPrompt';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { fetchSecurityOverview } from '../../../shared/api/security';
import { FormAlert } from '../components/FormAlert';
import { AntiPhishingDialog } from './AntiPhishingDialog';
import { LoginActivity } from './LoginActivity';
import { maskEmail } from './mask';
import { CHANGE_EMAIL_PATH, CHANGE_PASSWORD_PATH } from './paths';
import { TotpDisableDialog } from './TotpDisableDialog';
import { TotpSetupDialog } from './TotpSetupDialog';
import '../styles/auth.css';
import './security.css';

interface RowProps {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  status?: ReactNode;
  action: ReactNode;
}

function SecurityRow({ icon, title, text, status, action }: RowProps) {
  return (
    <li className="security-row">
      <span className="security-row__icon">{icon}</span>
      <div className="security-row__body">
        <h3 className="security-row__title">{title}</h3>
        <p className="muted security-row__text">{text}</p>
      </div>
      <div className="security-row__status">{status}</div>
      <div className="security-row__action">{action}</div>
    </li>
  );
}

function OnOff({ on }: { on: boolean }) {
  return <span className={on ? 'security-badge security-badge--on' : 'security-badge'}>{on ? <Trans>On</Trans> : <Trans>Off</Trans>}</span>;
}

type Dialog = 'totp-setup' | 'totp-disable' | 'phrase' | null;

function SecuritySettings({ userId, overview, reload }: { userId: string; overview: SecurityOverviewResponse; reload: () => void }) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string | null) => {
    setDialog(null);
    setNotice(message);
    reload();
  };
  const lockedUntil = overview.withdrawals_locked_until ? formatDateTime(overview.withdrawals_locked_until) : null;
  const codesLeft = overview.recovery_codes_left;
  const maskedEmail = maskEmail(overview.email);
  const phrase = overview.anti_phishing_phrase;

  return (
    <>
      {lockedUntil && (
        <p className="security-banner security-banner--warning" role="note">
          <ShieldAlert size={18} aria-hidden />
          <span>
            <Trans>After a recent security change, withdrawals are disabled until {lockedUntil}.</Trans>
          </span>
        </p>
      )}
      <FormAlert success={notice} />
      <section className="card security-card" aria-labelledby="settings-title">
        <h2 id="settings-title" className="security-card__title">
          <Trans>Security settings</Trans>
        </h2>
        <ul className="security-rows">
          <SecurityRow
            icon={<Lock size={20} aria-hidden />}
            title={<Trans>Login password</Trans>}
            text={<Trans>Used to log in to your account.</Trans>}
            action={
              <Link to={CHANGE_PASSWORD_PATH} className="btn btn-ghost btn-sm" aria-label={t`Change login password`}>
                <Trans>Change</Trans>
              </Link>
            }
          />
          <SecurityRow
            icon={<Mail size={20} aria-hidden />}
            title={<Trans>Email</Trans>}
            text={<Trans>Codes and notices are sent to {maskedEmail}.</Trans>}
            action={
              <Link to={CHANGE_EMAIL_PATH} className="btn btn-ghost btn-sm" aria-label={t`Change email`}>
                <Trans>Change</Trans>
              </Link>
            }
          />
          <SecurityRow
            icon={<Smartphone size={20} aria-hidden />}
            title={<Trans>Authenticator app</Trans>}
            text={
              overview.totp_enabled ? (
                <Trans>A 6-digit code from your app is asked at login, for withdrawals, new addresses and security changes. Recovery codes left: {codesLeft}.</Trans>
              ) : (
                <Trans>Protect your login, withdrawals and security changes with a 6-digit code from Google Authenticator or a similar app.</Trans>
              )
            }
            status={<OnOff on={overview.totp_enabled} />}
            action={
              overview.totp_enabled ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog('totp-disable')} aria-label={t`Disable authenticator app`}>
                  <Trans>Disable</Trans>
                </button>
              ) : (
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('totp-setup')} aria-label={t`Enable authenticator app`}>
                  <Trans>Enable</Trans>
                </button>
              )
            }
          />
          <SecurityRow
            icon={<Fingerprint size={20} aria-hidden />}
            title={<Trans>Anti-phishing phrase</Trans>}
            text={
              phrase ? (
                <Trans>
                  Every email from us starts with <strong className="security-phrase">{phrase}</strong>.
                </Trans>
              ) : (
                <Trans>Choose a phrase that every email from us will start with, so you can tell our emails from fakes.</Trans>
              )
            }
            status={<OnOff on={overview.anti_phishing_phrase !== null} />}
            action={
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog('phrase')} aria-label={t`Set anti-phishing phrase`}>
                {overview.anti_phishing_phrase ? <Trans>Change</Trans> : <Trans>Set</Trans>}
              </button>
            }
          />
          <SecurityRow
            icon={<KeyRound size={20} aria-hidden />}
            title={<Trans>Passkeys</Trans>}
            text={<Trans>Log in with your fingerprint, face or screen lock instead of a password.</Trans>}
            action={
              <span className="muted security-row__soon">
                <Trans>Coming soon</Trans>
              </span>
            }
          />
        </ul>
      </section>
      {dialog === 'totp-setup' && <TotpSetupDialog userId={userId} onClose={() => setDialog(null)} onEnabled={() => done(null)} />}
      {dialog === 'totp-disable' && <TotpDisableDialog userId={userId} onClose={() => setDialog(null)} onDisabled={done} />}
      {dialog === 'phrase' && (
        <AntiPhishingDialog userId={userId} current={overview.anti_phishing_phrase} twoFactor={overview.totp_enabled} onClose={() => setDialog(null)} onSaved={done} />
      )}
    </>
  );
}

function SecurityCentre({ userId }: { userId: string }) {
  const { t } = useLingui();
  const overview = useAsync('security-overview', userId, (signal) => fetchSecurityOverview(userId, signal));
  if (overview.status === 'error' && !overview.data) {
    return (
      <div className="card security-state" role="alert">
        <span className="field-error">
          <Trans>Failed to load your security settings.</Trans>
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={overview.reload}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  }
  if (!overview.data) {
    return (
      <div className="card security-state">
        <Spinner label={t`Loading your security settings`} />
      </div>
    );
  }
  return (
    <>
      <SecuritySettings userId={userId} overview={overview.data} reload={overview.reload} />
      <LoginActivity userId={userId} />
    </>
  );
}

/** /account/profile/security: password, email, authenticator app, anti-phishing phrase, sessions and login history. */
export default function SecurityPage() {
  const { t } = useLingui();
  usePageTitle(t`Security`);
  const [session] = useState(readSession);
  return (
    <div className="container security-page">
      <h1 className="security-title">
        <Trans>Security</Trans>
      </h1>
      {session?.userId ? (
        <SecurityCentre userId={session.userId} />
      ) : (
        <LoginPrompt title={t`Log in to manage your security`} text={t`Your password, email, authenticator app and sessions appear here once you log in.`} />
      )}
    </div>
  );
}
