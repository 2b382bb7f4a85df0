import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';

/**
 * An operator form's sending state: `run` marks it busy, clears the last refusal, and shows the
 * server's refusal as it words it (or `failure`); `onFail` clears what must be entered again.
 */
export function useOperatorSubmit(failure: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>, onFail: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, failure));
      onFail();
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, clearError: () => setError(null) };
}

/** The reason an operator gives, with what becomes of it said under the field; ids `${id}-reason` and `${id}-hint`. */
export function ReasonField({ id, max, hint, value, onChange }: { id: string; max: number; hint: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <>
      <label htmlFor={`${id}-reason`}>{t`Reason`}</label>
      <div className="admin-field">
        <textarea id={`${id}-reason`} required maxLength={max} rows={3} value={value} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.value)} />
        <span id={`${id}-hint`} className="muted admin-hint">
          {hint}
        </span>
      </div>
    </>
  );
}

/** The operator's authenticator code, re-entered where an action needs it; id `${id}-code`. */
export function CodeField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={`${id}-code`}>{label}</label>
      <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" required maxLength={6} value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

/** A form's refusal, read out when it appears. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="admin-error">
      {error}
    </p>
  );
}
