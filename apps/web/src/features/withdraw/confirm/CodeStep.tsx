import { useId, type RefObject } from 'react';
import { withdrawMessages } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { useNow } from '../../../shared/hooks/useNow';
import { useContractText } from '../../../shared/i18n/contractText';
import { TotpField } from '../../../shared/two-factor/TotpField';
import type { WithdrawConfirmation } from '../data/useWithdrawConfirmation';
import { minutesAndSeconds, secondsUntil, type ConfirmState } from '../model/confirmation';
import { ResendButton } from './ResendButton';

interface CodeStepProps {
  state: Extract<ConfirmState, { step: 'code' }>;
  confirmation: WithdrawConfirmation;
  /** Where the code went; the session may not know it. */
  email: string | null;
  /** The code field takes focus when the dialog opens here, or moves here from the review. */
  codeRef: RefObject<HTMLInputElement | null>;
}

/**
 * Step two: the code mailed for this withdrawal (and the authenticator's when the app is on), with
 * a resend after the server's wait and the deadline counting down. Closing cancels the withdrawal.
 */
export function CodeStep({ state, confirmation, email, codeRef }: CodeStepProps) {
  const contractText = useContractText();
  const id = useId();
  // The clock ticks once a second: an answer that just set a wait is later than its last tick.
  const now = Math.max(useNow(), state.clock);
  const { withdrawal } = state;
  const { ended, totp } = confirmation;
  const amount = formatCoinAmount(withdrawal.amount);
  const { symbol, address: destination } = withdrawal;
  const network = withdrawal.network;
  const left = secondsUntil(state.expiresAt, now);
  const timeLeft = minutesAndSeconds(left);
  const error = state.error ?? confirmation.ending;
  const confirming = state.pending === 'confirm';

  return (
    <form
      className="withdraw-confirm"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirmation.confirm();
      }}
    >
      <p className="withdraw-confirm__what" data-testid="withdraw-confirm-what">
        {withdrawal.kind === 'internal' ? (
          <Trans>
            <strong>
              {amount} {symbol}
            </strong>{' '}
            to <code>{destination}</code> (internal transfer)
          </Trans>
        ) : (
          <Trans>
            <strong>
              {amount} {symbol}
            </strong>{' '}
            to <code>{destination}</code> on {network}
          </Trans>
        )}
      </p>
      <p className="funds-note" data-testid="withdraw-confirm-sent-to">
        {email ? (
          <Trans>
            Enter the 6-digit code we sent to <strong>{email}</strong>. The email names this address and amount: check that they match.
          </Trans>
        ) : (
          <Trans>Enter the 6-digit code we sent to your email. The email names this address and amount: check that they match.</Trans>
        )}
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>
          <Trans>Email verification code</Trans>
        </label>
        <input
          id={`${id}-code`}
          ref={codeRef}
          className="input withdraw-confirm__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          disabled={ended}
          value={confirmation.code}
          aria-invalid={state.error === withdrawMessages.confirmCodeWrong || state.error === withdrawMessages.codeRequired || undefined}
          aria-describedby={`${id}-deadline`}
          onChange={(event) => confirmation.setCode(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      {totp.shown && !ended && <TotpField id={`${id}-totp`} feedback={totp.feedback} value={totp.value} onValueChange={totp.setValue} />}
      {!ended && (
        <div className="withdraw-confirm__timing">
          <ResendButton resendAt={state.resendAt} now={now} busy={state.pending === 'resend'} onResend={() => void confirmation.resend()} />
          <p id={`${id}-deadline`} className="muted withdraw-confirm__deadline" data-testid="withdraw-confirm-deadline">
            {left > 0 ? (
              <Trans>
                Code valid for <time dateTime={new Date(state.expiresAt).toISOString()}>{timeLeft}</time>
              </Trans>
            ) : (
              contractText(withdrawMessages.confirmExpired)
            )}
          </p>
        </div>
      )}
      <div aria-live="polite">
        {state.notice !== null && !ended && <p className="form-success withdraw-message">{contractText(state.notice)}</p>}
      </div>
      {error !== null && (
        <p className="form-error withdraw-message" role="alert" data-testid="withdraw-confirm-error">
          {contractText(error)}
        </p>
      )}
      {ended ? (
        <div className="withdraw-confirm__actions">
          <button type="button" className="btn btn-primary" onClick={confirmation.close}>
            <Trans>Close</Trans>
          </button>
        </div>
      ) : (
        <>
          <div className="withdraw-confirm__actions">
            <button type="button" className="btn btn-ghost" onClick={confirmation.close}>
              <Trans>Cancel withdrawal</Trans>
            </button>
            {/* aria-disabled rather than disabled while confirming: a disabled button would drop the focus it holds. */}
            <button type="submit" className="btn btn-primary" aria-disabled={confirming || undefined}>
              {confirming ? <Trans>Confirming...</Trans> : <Trans>Confirm withdrawal</Trans>}
            </button>
          </div>
          <p className="funds-note muted">
            <Trans>Closing this window cancels the withdrawal. Nothing has left your account yet.</Trans>
          </p>
        </>
      )}
    </form>
  );
}
