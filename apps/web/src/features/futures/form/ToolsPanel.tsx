import { useState } from 'react';
import type { FuturesSide } from '@exchange/contract';
import { LEVERAGE_MARKS } from './futuresForm';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../../shared/format/number';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { MARGIN_DECIMALS } from './futuresForm';
import { Segmented } from './Segmented';
import { calculate } from './toolsCalculator';

interface ToolsPanelProps {
  symbol: string;
  /** Where the entry price starts. */
  price: string;
}

/** A calculator of margin, profit, return and liquidation price for an isolated position (the Tools tab of spec 2 §2). */
export function ToolsPanel({ symbol, price }: ToolsPanelProps) {
  const { t } = useLingui();
  const [side, setSide] = useState<FuturesSide>('long');
  const [leverage, setLeverage] = useState<number>(20);
  const [entry, setEntry] = useState(price);
  const [exit, setExit] = useState('');
  const [amount, setAmount] = useState('');
  const result = calculate({ side, leverage, entry, exit, amount });
  const field = (label: string, value: string, set: (next: string) => void, unit: string) => (
    <label className="spot-form__field">
      <span className="spot-form__label">{label}</span>
      <NumberInput className="spot-form__input" aria-label={label} value={value} onValueChange={set} />
      <span className="spot-form__unit">{unit}</span>
    </label>
  );
  return (
    <form className="spot-form fut-form" onSubmit={(event) => event.preventDefault()} aria-label={t`Futures calculator`}>
      <Segmented
        label={t`Side`}
        value={side}
        onChange={setSide}
        options={[
          { value: 'long', label: t`Long` },
          { value: 'short', label: t`Short` },
        ]}
      />
      <Segmented
        label={t`Leverage`}
        value={String(leverage)}
        onChange={(next) => setLeverage(Number(next))}
        options={LEVERAGE_MARKS.map((value) => ({ value: String(value), label: `${value}x` }))}
      />
      {field(t`Entry price`, entry, setEntry, 'USDT')}
      {field(t`Exit price`, exit, setExit, 'USDT')}
      {field(t`Amount`, amount, setAmount, symbol)}
      <dl className="spot-form__facts" aria-live="polite">
        <div>
          <dt>
            <Trans>Initial margin</Trans>
          </dt>
          <dd>{result ? `${formatFixed(result.margin, MARGIN_DECIMALS)} USDT` : '--'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Profit / loss</Trans>
          </dt>
          <dd className={result?.pnl ? (result.pnl >= 0 ? 'up' : 'down') : undefined}>{result?.pnl != null ? `${formatFixed(result.pnl, 2)} USDT` : '--'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Return</Trans>
          </dt>
          <dd>{result?.returnPercent != null ? `${formatFixed(result.returnPercent, 2)}%` : '--'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Liquidation price</Trans>
          </dt>
          <dd data-testid="calculator-liquidation">{result ? `${formatFixed(result.liquidationPrice, 2)} USDT` : '--'}</dd>
        </div>
      </dl>
    </form>
  );
}
