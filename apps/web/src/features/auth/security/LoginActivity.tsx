import { useState } from 'react';
import { Monitor } from 'lucide-react';
import type { LoginRecord } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/format/wallet';
import { useAsync } from '../../../shared/hooks/useAsync';
import { Spinner } from '../../../shared/ui/Spinner';
import { endSession, fetchLogins } from '../api/securityApi';
import { serverMessageOf } from '../lib/errors';
import { FormAlert } from '../components/FormAlert';

const STATUS: Record<LoginRecord['status'], MessageDescriptor> = { active: msg`Active`, ended: msg`Ended`, expired: msg`Expired` };

function Device({ login }: { login: LoginRecord }) {
  return (
    <span className="login-row__device">
      <Monitor size={16} aria-hidden />
      <span>{login.device === 'Unknown device' ? <Trans>Unknown device</Trans> : login.device}</span>
    </span>
  );
}

/** Active sessions (each can be ended) and the login history, from one list of sign-ins. */
export function LoginActivity({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const logins = useAsync('login-activity', userId, (signal) => fetchLogins(userId, signal));
  const [ending, setEnding] = useState<string | null>(null);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});

  const end = async (login: LoginRecord) => {
    setEnding(login.id);
    setMessage({});
    try {
      const answer = await endSession(userId, login.id);
      setMessage({ success: answer.message });
      logins.reload();
    } catch (caught) {
      setMessage({ error: serverMessageOf(caught) ?? t`The session could not be ended. Please try again.` });
    } finally {
      setEnding(null);
    }
  };

  if (logins.status === 'error' && !logins.data) {
    return (
      <section className="card security-card" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="security-card__title">
          <Trans>Active sessions</Trans>
        </h2>
        <p className="field-error" role="alert">
          <Trans>Failed to load your sessions.</Trans>
        </p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={logins.reload}>
          <Trans>Try Again</Trans>
        </button>
      </section>
    );
  }
  const all = logins.data ?? [];
  const active = all.filter((l) => l.status === 'active');
  return (
    <>
      <section className="card security-card" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="security-card__title">
          <Trans>Active sessions</Trans>
        </h2>
        <p className="muted security-card__lead">
          <Trans>Devices signed in to your account now. End any session you do not recognise, then change your password.</Trans>
        </p>
        <FormAlert error={message.error} success={message.success} />
        {logins.data === null ? (
          <Spinner label={t`Loading your sessions`} />
        ) : (
          <ul className="login-list">
            {active.map((login) => {
              const { device, client_address: address } = login;
              return (
                <li key={login.id} className="login-row">
                  <Device login={login} />
                  <span className="login-row__ip">{address}</span>
                  <span className="login-row__time muted">{formatDateTime(login.time)}</span>
                  <span className="login-row__action">
                    {login.current ? (
                      <span className="security-badge security-badge--on">
                        <Trans>This device</Trans>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={ending !== null}
                        onClick={() => void end(login)}
                        aria-label={t`End the session of ${device} at ${address}`}
                      >
                        {ending === login.id ? <Trans>Ending...</Trans> : <Trans>End</Trans>}
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="card security-card" aria-labelledby="history-title">
        <h2 id="history-title" className="security-card__title">
          <Trans>Login history</Trans>
        </h2>
        {logins.data === null ? (
          <Spinner label={t`Loading your login history`} />
        ) : (
          <table className="login-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col">
                  <Trans>Device</Trans>
                </th>
                <th scope="col">
                  <Trans>IP address</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {all.map((login) => (
                <tr key={login.id}>
                  <td data-label={t`Time`}>{formatDateTime(login.time)}</td>
                  <td data-label={t`Device`}>
                    <Device login={login} />
                  </td>
                  <td data-label={t`IP address`}>{login.client_address}</td>
                  <td data-label={t`Status`}>
                    <span className={`login-status login-status--${login.status}`}>{i18n._(STATUS[login.status])}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
