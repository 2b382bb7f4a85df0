import clsx from 'clsx';
import type { CoinTransactionRow } from '@exchange/contract';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { StepFrame, type StepState } from '../../../shared/funds/StepFrame';

interface NetworkStepProps {
  coin: CoinTransactionRow | null;
  networkId: number | null;
  onSelect: (networkId: number) => void;
}

/** Step 2 (spec 3 §2): the coin's networks, each with its confirmations, minimum deposit and memo. */
export function NetworkStep({ coin, networkId, onSelect }: NetworkStepProps) {
  const { t } = useLingui();
  let state: StepState = 'upcoming';
  if (coin) state = networkId === null ? 'current' : 'done';
  return (
    <StepFrame number={2} titleId="deposit-step-network" title={<Trans>Select network</Trans>} state={state}>
      {coin && (
        <fieldset className="funds-networks" aria-labelledby="deposit-step-network">
          {coin.networks.map((network) => {
            const checked = network.id === networkId;
            const confirmations = network.confirmations;
            const minimum = `${formatCoinAmount(network.min_deposit)} ${coin.symbol}`;
            return (
              <label key={network.id} className={clsx('funds-network', checked && 'is-current')}>
                <input
                  type="radio"
                  name="deposit-network"
                  value={network.id}
                  checked={checked}
                  onChange={() => onSelect(network.id)}
                  className="funds-network__radio"
                />
                <span className="funds-network__head">
                  <strong>{network.code}</strong>
                  <span className="muted">{network.name}</span>
                  {network.memo && <span className="funds-badge">{t`Memo required`}</span>}
                </span>
                <span className="funds-network__terms muted">
                  <span>
                    <Plural value={confirmations} one="# confirmation needed" other="# confirmations needed" />
                  </span>
                  <span>
                    <Trans>Minimum deposit {minimum}</Trans>
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
    </StepFrame>
  );
}
