import { useLingui } from '@lingui/react/macro';

/** What a form tells its fields: whether one is drawn invalid, and that the user edited one. */
export interface FieldFeedback {
  isInvalid: (field: string) => true | undefined;
  edited: (field: string) => void;
}

interface TotpFieldProps {
  id: string;
  feedback: FieldFeedback;
  value: string;
  onValueChange: (value: string) => void;
  /** Also take a recovery code (logging in, turning the app off). */
  recovery?: boolean;
  autoFocus?: boolean;
}

const FIELD = 'totp_code';

/** The authenticator app's 6-digit code; the field sent as totp_code. */
export function TotpField({ id, feedback, value, onValueChange, recovery, autoFocus }: TotpFieldProps) {
  const { t } = useLingui();
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{recovery ? t`Authenticator code or recovery code` : t`Authenticator code`}</label>
        <input
          id={id}
          className="input"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={recovery ? t`6-digit code or xxxxx-xxxxx` : t`6-digit code`}
          maxLength={recovery ? 11 : 6}
          autoFocus={autoFocus}
          value={value}
          aria-invalid={feedback.isInvalid(FIELD)}
          onChange={(event) => {
            onValueChange(event.target.value.replace(/\s/g, ''));
            feedback.edited(FIELD);
          }}
        />
      </div>
      {recovery && <p className="muted auth-hint auth-field-hint">{t`Lost your phone? Enter one of your recovery codes instead.`}</p>}
    </>
  );
}
