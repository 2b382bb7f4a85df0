import { useCallback, useRef, type ReactNode } from 'react';
import { withdrawMessages, type WithdrawalRecord } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CryptoStep } from '../../shared/funds/CryptoStep';
import { CoinListState } from '../../shared/funds/CoinListState';
import { formatCoinAmount } from '../../shared/funds/amount';
import { useTwoFactorStatus } from '../../shared/two-factor/useTwoFactorStatus';
import { ConfirmDialog } from './confirm/ConfirmDialog';
import { useAddressBook } from './data/useAddressBook';
import { useReloadOnSettle } from './data/useReloadOnSettle';
import { useWithdrawCoins } from './data/useWithdrawCoins';
import { useWithdrawConfirmation } from './data/useWithdrawConfirmation';
import { useWithdrawForm } from './data/useWithdrawForm';
import { useWithdrawHistory } from './data/useWithdrawHistory';
import { useWithdrawLimits } from './data/useWithdrawLimits';
import { WithdrawHistory } from './history/WithdrawHistory';
import { chooseCrypto, selectedCoin, selectedNetwork } from './model/draft';
import { summaryOfDraft } from './model/summary';
import { AccountNotice } from './steps/AccountNotice';
import { AmountStep } from './steps/AmountStep';
import { DestinationStep } from './steps/DestinationStep';

interface WithdrawFlowProps {
  uid: number;
  /** The stored user id: whether the authenticator app is on is read with it. */
  userId: string | null;
  token: string;
  /** Where the confirmation codes go, as the session knows it. */
  email: string | null;
  /** Shown beside the steps (the FAQ). */
  aside: ReactNode;
}

/** The three withdrawal steps and the history of a signed-in user. */
export function WithdrawFlow({ uid, userId, token, email, aside }: WithdrawFlowProps) {
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
  // A new, confirmed or cancelled withdrawal shows at once, and the balances it moved are read again.
  const showWithdrawal = useCallback(
    (row: WithdrawalRecord) => {
      addToHistory(row);
      refreshBalances();
    },
    [addToHistory, refreshBalances],
  );
  const [twoFactorOn] = useTwoFactorStatus(userId);
  const form = useWithdrawForm(showWithdrawal);
  const { draft, update } = form;
  const coin = selectedCoin(coins.data, draft);
  const network = selectedNetwork(coin, draft);
  const successRef = useRef<HTMLParagraphElement>(null);
  const confirmation = useWithdrawConfirmation({
    uid,
    twoFactorOn,
    submit: () => form.submit(coin, network),
    onConfirmed: form.confirmed,
    onCancelled: showWithdrawal,
    onCancelFailed: (withdrawal) => {
      const amount = formatCoinAmount(withdrawal.amount);
      const { symbol } = withdrawal;
      form.tell(t`Closing could not cancel the withdrawal of ${amount} ${symbol}. Nothing was held, and unconfirmed it expires within 15 minutes; you can also cancel it in the history.`);
    },
    rows: history.data,
  });

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
        <AmountStep
          coin={coin}
          network={network}
          draft={draft}
          onChange={update}
          limits={limits}
          outcome={form.outcome}
          onReview={confirmation.review}
          successRef={successRef}
        />
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
      <WithdrawHistory
        uid={uid}
        status={history.status}
        records={history.data}
        onRetry={history.reload}
        onCancelled={showWithdrawal}
        onContinue={confirmation.continueWith}
      />
      <ConfirmDialog confirmation={confirmation} summary={summaryOfDraft(draft, coin, network)} email={email} finalFocus={successRef} />
    </>
  );
}
