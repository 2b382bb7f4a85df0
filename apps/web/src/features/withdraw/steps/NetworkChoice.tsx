import clsx from 'clsx';
import type { CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCoinAmount } from '../../../shared/funds/amount';

interface NetworkChoiceProps {
  coin: CoinTransactionRow;
  networkId: number | null;
  onSelect: (networkId: number) => void;
}

/** The coin's networks as radio cards, each with its withdrawal fee and whether it takes a memo. */
export function NetworkChoice({ coin, networkId, onSelect }: NetworkChoiceProps) {
  const { t } = useLingui();
  return (
    <fieldset className="funds-networks">
      <legend className="field-label withdraw-legend">
        <Trans>Network</Trans>
      </legend>
      {coin.networks.map((network) => {
        const checked = network.id === networkId;
        const fee = `${formatCoinAmount(network.withdraw_fee)} ${coin.symbol}`;
        return (
          <label key={network.id} className={clsx('funds-network', checked && 'is-current')}>
            <input
              type="radio"
              name="withdraw-network"
              value={network.id}
              checked={checked}
              onChange={() => onSelect(network.id)}
              className="funds-network__radio"
            />
            <span className="funds-network__head">
              <strong>{network.code}</strong>
              <span className="muted">{network.name}</span>
              {network.memo && <span className="funds-badge">{t`Memo`}</span>}
            </span>
            <span className="funds-network__terms muted">
              <span>
                <Trans>Fee {fee}</Trans>
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
