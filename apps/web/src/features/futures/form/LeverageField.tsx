import { useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { parseLeverage } from './futuresForm';

interface LeverageFieldProps {
  label: string;
  /** Names the field's parts for tests and the e2e journey. */
  testId: string;
  value: number;
  cap: number;
  contractMax: number;
  /** Saves the choice; a rejection shows its message and puts the field back. */
  save: (value: number) => Promise<void>;
}

/** One side's leverage: a number field and a slider from 1 to the most the side's tier allows. */
export function LeverageField({ label, testId, value, cap, contractMax, save }: LeverageFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(String(value));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Disabling the focused field while it saves blurs it in Chromium, and the blur would send the value again.
  const busy = useRef(false);

  // The server's saved value arrives after the first render: the field follows each new value.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }

  async function commit(next: number) {
    if (busy.current) return;
    setText(String(next));
    if (next === value && failure === null) return;
    busy.current = true;
    setFailure(null);
    setSaving(true);
    try {
      await save(next);
    } catch (error) {
      setFailure(errorMessage(error, t`The leverage could not be changed. Please try again.`));
      setText(String(value));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  const typed = parseLeverage(text, cap);
  const invalid = text !== '' && typed === null;
  return (
    <div className="fut-leverage__side" aria-busy={saving} data-testid={testId}>
      <div className="fut-leverage__row">
        <label htmlFor={`${id}-number`}>{label}</label>
        <input
          id={`${id}-number`}
          className="fut-leverage__number"
          inputMode="numeric"
          value={text}
          disabled={saving}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => typed !== null && void commit(typed)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && typed !== null) {
              event.preventDefault();
              void commit(typed);
            }
          }}
        />
      </div>
      <input
        type="range"
        className="fut-leverage__slider"
        min={1}
        max={cap}
        step={1}
        value={Math.min(typed ?? value, cap)}
        disabled={saving}
        aria-label={label}
        aria-valuetext={`${typed ?? value}x`}
        onChange={(event) => setText(event.target.value)}
        onPointerUp={(event) => void commit(Number(event.currentTarget.value))}
        onKeyUp={(event) => void commit(Number(event.currentTarget.value))}
      />
      <p id={`${id}-hint`} className={invalid ? 'fut-leverage__hint down' : 'fut-leverage__hint muted'}>
        {invalid ? t`Enter a whole number from 1 to ${cap}` : cap < contractMax ? t`Up to ${cap}x at this position size` : t`Up to ${cap}x`}
        {saving && ` · ${t`Saving...`}`}
      </p>
      {failure && (
        <p className="fut-leverage__hint down" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
