import clsx from 'clsx';
import type { CoinTransactionRow, WithdrawSource } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { availableBalance } from '../model/amounts';
import { sourceLabel } from '../model/summary';

interface SourceChoiceProps {
  coin: CoinTransactionRow;
  source: WithdrawSource;
  onSelect: (source: WithdrawSource) => void;
}

const SOURCES: readonly WithdrawSource[] = ['funding', 'spot'];

/** Spec 3 §9: a withdrawal is taken from the Funding or the Trading (spot) account, each shown with its balance. */
export function SourceChoice({ coin, source, onSelect }: SourceChoiceProps) {
  const { i18n } = useLingui();
  return (
    <fieldset className="withdraw-sources">
      <legend className="field-label withdraw-legend">
        <Trans>Withdraw from</Trans>
      </legend>
      {SOURCES.map((candidate) => {
        const balance = `${formatCoinAmount(availableBalance(coin, candidate) ?? '0')} ${coin.symbol}`;
        return (
          <label key={candidate} className={clsx('withdraw-source', candidate === source && 'is-current')}>
            <input type="radio" name="withdraw-source" value={candidate} checked={candidate === source} onChange={() => onSelect(candidate)} />
            <span className="withdraw-source__name">{i18n._(sourceLabel(candidate))}</span>
            <span className="withdraw-source__balance muted">{balance}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
