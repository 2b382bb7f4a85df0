import { useEffect, useId, useState } from 'react';
import { futuresMaxLeverage, type FuturesSide, type MarginMode } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { fetchLeverage, setLeverage } from '../api/positionToolsApi';
import { parseLeverage } from './futuresForm';

interface LeverageControlProps {
  instId: string;
  mode: MarginMode;
  signedIn: boolean;
  leverage: number;
  onLeverage: (leverage: number) => void;
  /** The sides the form trades: both on the desktop form, one on the phone sheet. */
  sides: readonly FuturesSide[];
  set?: typeof setLeverage;
  load?: typeof fetchLeverage;
}

/**
 * Leverage of the form's sides on this contract and margin mode (issue 41): a slider and a number
 * field from 1 to the most the open positions' tier allows. A signed-in user's choice is saved on
 * the server (it re-margins an open position), so orders and the Positions tab agree with it.
 */
export function LeverageControl({ instId, mode, signedIn, leverage, onLeverage, sides, set = setLeverage, load = fetchLeverage }: LeverageControlProps) {
  const { t } = useLingui();
  const id = useId();
  const contractMax = futuresMaxLeverage(instId);
  const [cap, setCap] = useState(contractMax);
  const [text, setText] = useState(String(leverage));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sidesKey = sides.join(',');

  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    load(instId, controller.signal).then(
      (answer) => {
        const mine = answer.settings.filter((s) => s.margin_mode === mode && sidesKey.split(',').includes(s.side));
        const first = mine[0];
        if (!first) return;
        setCap(Math.min(...mine.map((s) => s.max_leverage)));
        setText(String(first.leverage));
        onLeverage(first.leverage);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [instId, mode, signedIn, sidesKey, load, onLeverage]);

  async function commit(value: number) {
    setText(String(value));
    if (value === leverage && failure === null) return;
    setFailure(null);
    if (!signedIn) {
      onLeverage(value);
      return;
    }
    setSaving(true);
    try {
      for (const side of sides) await set(instId, side, mode, value);
      onLeverage(value);
    } catch (error) {
      setFailure(errorMessage(error, t`The leverage could not be changed. Please try again.`));
      setText(String(leverage));
    } finally {
      setSaving(false);
    }
  }

  const typed = parseLeverage(text, cap);
  const invalid = text !== '' && typed === null;
  return (
    <div className="fut-leverage" aria-busy={saving}>
      <div className="fut-leverage__row">
        <label htmlFor={`${id}-number`}>
          <Trans>Leverage</Trans>
        </label>
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
        value={Math.min(typed ?? leverage, cap)}
        disabled={saving}
        aria-label={t`Leverage`}
        aria-valuetext={`${typed ?? leverage}x`}
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
