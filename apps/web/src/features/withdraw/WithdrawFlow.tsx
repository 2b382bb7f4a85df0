import { useCallback, type ReactNode } from 'react';
import { withdrawMessages, type WithdrawalRecord } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CryptoStep } from '../../shared/funds/CryptoStep';
import { CoinListState } from '../../shared/funds/CoinListState';
import { useTwoFactorStatus } from '../../shared/two-factor/useTwoFactorStatus';
import { useAddressBook } from './data/useAddressBook';
import { useReloadOnSettle } from './data/useReloadOnSettle';
import { useWithdrawCoins } from './data/useWithdrawCoins';
import { useWithdrawForm } from './data/useWithdrawForm';
import { useWithdrawHistory } from './data/useWithdrawHistory';
import { useWithdrawLimits } from './data/useWithdrawLimits';
import { WithdrawHistory } from './history/WithdrawHistory';
import { chooseCrypto, selectedCoin, selectedNetwork } from './model/draft';
import { AccountNotice } from './steps/AccountNotice';
import { AmountStep } from './steps/AmountStep';
import { DestinationStep } from './steps/DestinationStep';

interface WithdrawFlowProps {
  uid: number;
  /** The stored user id: whether the authenticator app is on is read with it. */
  userId: string | null;
  token: string;
  /** Shown beside the steps (the FAQ). */
  aside: ReactNode;
}

/** The three withdrawal steps and the history of a signed-in user. */
export function WithdrawFlow({ uid, userId, token, aside }: WithdrawFlowProps) {
  const { t } = useLingui();
  const coins = useWithdrawCoins(uid);
  const limits = useWithdrawLimits(uid);
  const book = useAddressBook(uid);
  const history = useWithdrawHistory(uid, token);
  const { reload: reloadCoins } = coins;
  const { reload: reloadLimits } = limits;
  const { add: addToHistory } = history;
  const refreshBalances = useCallback(() => {
    reloadCoins();
    reloadLimits();
  }, [reloadCoins, reloadLimits]);
  useReloadOnSettle(history.data, refreshBalances);
  // A new or cancelled withdrawal shows at once, and the balances it moved are read again.
  const showWithdrawal = useCallback(
    (row: WithdrawalRecord) => {
      addToHistory(row);
      refreshBalances();
    },
    [addToHistory, refreshBalances],
  );
  const [twoFactorOn] = useTwoFactorStatus(userId);
  const form = useWithdrawForm(showWithdrawal, twoFactorOn);
  const { draft, update } = form;
  const coin = selectedCoin(coins.data, draft);
  const network = selectedNetwork(coin, draft);

  let steps: ReactNode;
  if (coins.data === null) {
    steps = <CoinListState status={coins.status} error={coins.error} failedMessage={withdrawMessages.loadCoinsFailed} reload={coins.reload} />;
  } else {
    steps = (
      <ol className="funds-steps">
        <CryptoStep
          idPrefix="withdraw"
          coins={coins.data}
          selected={coin}
          onSelect={(symbol) => update((current) => chooseCrypto(current, symbol))}
          unavailableNote={(unavailable) => <Trans>Not available for withdrawal yet: {unavailable} has no supported network.</Trans>}
        />
        <DestinationStep uid={uid} coin={coin} network={network} draft={draft} onChange={update} book={book} />
        <AmountStep coin={coin} network={network} draft={draft} onChange={update} limits={limits} outcome={form.outcome} onSubmit={form.submit} totp={form.totp} />
      </ol>
    );
  }

  return (
    <>
      <div className="funds-layout">
        <section className="card funds-card withdraw-card" aria-label={t`Withdrawal steps`}>
          <AccountNotice limits={limits.data} />
          {steps}
        </section>
        {aside}
      </div>
      <WithdrawHistory uid={uid} status={history.status} records={history.data} onRetry={history.reload} onCancelled={showWithdrawal} />
    </>
  );
}
