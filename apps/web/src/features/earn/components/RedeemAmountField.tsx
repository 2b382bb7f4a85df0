import { Trans, useLingui } from '@lingui/react/macro';
import { cleanAmount } from '../../../shared/format/decimal';

interface RedeemAmountFieldProps {
  id: string;
  value: string;
  symbol: string;
  /** The position's whole principal, which Max fills in. */
  max: string;
  invalid: boolean;
  describedBy: string;
  onChange: (value: string) => void;
}

/** The amount of a redemption: a plain decimal input with Max, kept apart so a locale-aware input can replace it. */
export function RedeemAmountField({ id, value, symbol, max, invalid, describedBy, onChange }: RedeemAmountFieldProps) {
  const { t } = useLingui();
  return (
    <div className="earn-amount">
      <input
        id={id}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t`Amount`}
        value={value}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(cleanAmount(event.target.value))}
      />
      <span className="earn-amount__symbol">{symbol}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(max)}>
        <Trans>Max</Trans>
      </button>
    </div>
  );
}
