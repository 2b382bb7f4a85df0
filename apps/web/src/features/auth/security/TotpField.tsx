import { useLingui } from '@lingui/react/macro';
import type { useFormFeedback } from '../hooks/useFormFeedback';
import { TextField } from '../components/TextField';

interface TotpFieldProps {
  id: string;
  feedback: Pick<ReturnType<typeof useFormFeedback>, 'isInvalid' | 'edited'>;
  value: string;
  onValueChange: (value: string) => void;
  /** Also take a recovery code (logging in, turning the app off). */
  recovery?: boolean;
  autoFocus?: boolean;
}

/** The authenticator app's 6-digit code; the field sent as totp_code. */
export function TotpField({ id, feedback, value, onValueChange, recovery, autoFocus }: TotpFieldProps) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        id={id}
        label={recovery ? t`Authenticator code or recovery code` : t`Authenticator code`}
        field="totp_code"
        feedback={feedback}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={recovery ? t`6-digit code or xxxxx-xxxxx` : t`6-digit code`}
        maxLength={recovery ? 11 : 6}
        autoFocus={autoFocus}
        value={value}
        onValueChange={(next) => onValueChange(next.replace(/\s/g, ''))}
      />
      {recovery && (
        <p className="muted auth-hint auth-field-hint">{t`Lost your phone? Enter one of your recovery codes instead.`}</p>
      )}
    </>
  );
}
