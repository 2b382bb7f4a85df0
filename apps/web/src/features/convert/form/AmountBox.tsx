import type { ReactNode } from 'react';
import { NumberInput } from '../../../shared/ui/NumberInput';

interface AmountBoxProps {
  id: string;
  labelId: string;
  label: string;
  /** The balance line beside the label ("Available: …"). */
  balance: ReactNode;
  value: string;
  placeholder: string;
  invalid: boolean;
  onChange: (value: string) => void;
  /** The currency: a picker on the coin side, a plain USDT badge on the other. */
  currency: ReactNode;
  tourTarget: string;
}

/** One amount box of the conversion form: a number in the page's language (spec 2 §5). */
export function AmountBox({ id, labelId, label, balance, value, placeholder, invalid, onChange, currency, tourTarget }: AmountBoxProps) {
  return (
    <div className="convert-box" data-tour={tourTarget}>
      <div className="convert-box__head">
        <label id={labelId} htmlFor={id} className="field-label">
          {label}
        </label>
        <span className="convert-box__balance muted">{balance}</span>
      </div>
      <div className="convert-box__row">
        <NumberInput id={id} className="convert-box__input" placeholder={placeholder} value={value} aria-invalid={invalid} onValueChange={onChange} />
        {currency}
      </div>
    </div>
  );
}
