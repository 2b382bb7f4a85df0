import { useCallback } from 'react';
import { transferPageMessages as m } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchTransferHistory } from '../../shared/api/wallets';
import { useAsync } from '../../shared/hooks/useAsync';
import { readSession } from '../../shared/session/session';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { useContractText } from '../../shared/i18n/contractText';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { GuidedTour } from '../../shared/tour';
import { transferTour, transferTourKey } from './tour/transferTour';
import '../../shared/ui/wallet.css';
import { TransferForm } from './TransferForm';
import { TransferHelp } from './TransferHelp';
import { TransferHistory } from './TransferHistory';
import './transfer.css';

/** Transfer between the Spot and Future accounts (spec 3 §2, at /transfer and /account/transfer). */
export default function TransferPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = readSession();
  const uid = session?.uid ?? null;
  const history = useAsync('transfer-history', uid === null ? null : String(uid), (signal) => fetchTransferHistory(uid ?? 0, signal));
  const reloadHistory = history.reload;
  const onTransferred = useCallback(() => reloadHistory(), [reloadHistory]);
  usePageTitle(t`Transfer`);

  return (
    <div className="container wallet-page">
      <h1 className="wallet-page__title">
        <Trans>Transfer</Trans>
      </h1>
      {uid === null ? (
        <LoginPrompt
          title={session ? contractText(m.notLoggedIn) : t`Log in to transfer`}
          text={t`Log in to move funds between your Spot and Future accounts.`}
        />
      ) : (
        <>
          <div className="transfer-layout">
            <TransferForm uid={uid} onTransferred={onTransferred} />
            <TransferHelp />
            <TransferHistory status={history.status} records={history.data} onRetry={history.reload} />
          </div>
          <GuidedTour
            steps={transferTour}
            storageKey={transferTourKey}
            finishLabel={t`Start Transferring`}
            helpText={t`See how to move funds between your Spot and Future accounts.`}
          />
        </>
      )}
    </div>
  );
}
