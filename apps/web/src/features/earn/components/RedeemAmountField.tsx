import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput } from '../../../shared/ui/NumberInput';

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

/** The amount of a redemption, typed in the page's language, with Max. */
export function RedeemAmountField({ id, value, symbol, max, invalid, describedBy, onChange }: RedeemAmountFieldProps) {
  const { t } = useLingui();
  return (
    <div className="earn-amount">
      <NumberInput
        id={id}
        className="input"
        autoComplete="off"
        placeholder={t`Amount`}
        value={value}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onValueChange={onChange}
      />
      <span className="earn-amount__symbol">{symbol}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(max)}>
        <Trans>Max</Trans>
      </button>
    </div>
  );
}
