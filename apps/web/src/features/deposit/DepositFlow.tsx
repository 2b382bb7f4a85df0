import { useState, type ReactNode } from 'react';
import { fundsMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CryptoStep } from '../../shared/funds/CryptoStep';
import { useDepositCoins } from './data/useDepositCoins';
import { useDepositHistory } from './data/useDepositHistory';
import { useReloadOnCredit } from './data/useReloadOnCredit';
import { DepositHistory } from './history/DepositHistory';
import { CoinListState } from '../../shared/funds/CoinListState';
import { chooseCrypto, chooseNetwork, emptySelection, selectedCoin, selectedNetwork } from './model/steps';
import { AddressStep } from './steps/AddressStep';
import { NetworkStep } from './steps/NetworkStep';

interface DepositFlowProps {
  uid: number;
  /** The session's token: the history listens to the private websocket with it. */
  token: string | null;
  /** Shown beside the steps (the FAQ). */
  aside: ReactNode;
}

/** The three deposit steps and the history of a signed-in user. */
export function DepositFlow({ uid, token, aside }: DepositFlowProps) {
  const { t } = useLingui();
  const coins = useDepositCoins(uid);
  const history = useDepositHistory(uid, token);
  const [selection, setSelection] = useState(emptySelection);
  useReloadOnCredit(history.data, coins.reload);
  const coin = selectedCoin(coins.data, selection);
  const network = selectedNetwork(coin, selection);

  let steps: ReactNode;
  if (coins.data === null) {
    steps = <CoinListState status={coins.status} error={coins.error} failedMessage={fundsMessages.loadCoinsFailed} reload={coins.reload} />;
  } else {
    steps = (
      <ol className="funds-steps">
        <CryptoStep
          idPrefix="deposit"
          coins={coins.data}
          selected={coin}
          onSelect={(symbol) => setSelection((s) => chooseCrypto(s, symbol))}
          unavailableNote={(unavailable) => <Trans>Not available for deposit yet: {unavailable} has no supported network.</Trans>}
        />
        <NetworkStep coin={coin} networkId={selection.networkId} onSelect={(id) => setSelection((s) => chooseNetwork(s, id))} />
        <AddressStep uid={uid} coin={coin} network={network} onSimulated={history.expect} />
      </ol>
    );
  }

  return (
    <>
      <div className="funds-layout">
        <section className="card funds-card deposit-card" aria-label={t`Deposit steps`}>
          {steps}
        </section>
        {aside}
      </div>
      <DepositHistory status={history.status} records={history.data} onRetry={history.reload} />
    </>
  );
}
