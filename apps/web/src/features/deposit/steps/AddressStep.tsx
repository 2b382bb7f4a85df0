import { TriangleAlert } from 'lucide-react';
import { fundsMessages, type CoinTransactionRow, type FundsNetwork } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { Spinner } from '../../../shared/ui/Spinner';
import { useDepositAddress } from '../data/useDepositAddress';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { fundsErrorText } from '../../../shared/funds/errors';
import { SimulatePanel } from '../simulate/SimulatePanel';
import { useCreditWallet } from '../data/useCreditWallet';
import { CreditWalletChoice } from './CreditWalletChoice';
import { CopyField } from './CopyField';
import { DepositQr } from './DepositQr';
import { StepFrame } from '../../../shared/funds/StepFrame';

interface AddressStepProps {
  uid: number;
  coin: CoinTransactionRow | null;
  network: FundsNetwork | null;
  onSimulated: (txHash: string) => void;
}

/** Step 3 (spec 3 §2, §9): the user's address on the network, its QR code, the memo and the terms. */
export function AddressStep({ uid, coin, network, onSimulated }: AddressStepProps) {
  const ready = coin !== null && network !== null;
  return (
    <StepFrame number={3} titleId="deposit-step-address" title={<Trans>Deposit address</Trans>} state={ready ? 'current' : 'upcoming'}>
      {ready && <AddressDetails key={network.id} uid={uid} coin={coin} network={network} onSimulated={onSimulated} />}
    </StepFrame>
  );
}

interface AddressDetailsProps {
  uid: number;
  coin: CoinTransactionRow;
  network: FundsNetwork;
  onSimulated: (txHash: string) => void;
}

function AddressDetails({ uid, coin, network, onSimulated }: AddressDetailsProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const address = useDepositAddress(uid, network.id);
  const symbol = coin.symbol;
  const networkCode = network.code;
  const minimum = `${formatCoinAmount(network.min_deposit)} ${symbol}`;
  const confirmations = network.confirmations;
  const creditWallet = useCreditWallet(uid).wallet;

  if (address.status === 'error') {
    return (
      <div className="funds-state" role="alert">
        <p className="form-error">{contractText(fundsErrorText(address.error, t`Failed to load the deposit address. Please try again.`))}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={address.reload}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (address.data === null) {
    return (
      <div className="funds-state">
        <Spinner label={t`Loading the deposit address`} />
      </div>
    );
  }
  const { address: text, memo } = address.data;
  return (
    <div className="deposit-address">
      <div className="deposit-address__main">
        <DepositQr address={text} symbol={symbol} />
        <div className="deposit-address__fields">
          <CopyField
            label={<Trans>{symbol} address on {networkCode}</Trans>}
            value={text}
            copyLabel={t`Copy address`}
            copiedText={t`Address copied`}
            failedText={contractText(fundsMessages.copyFailed)}
            testId="deposit-address"
          />
          {memo !== null && (
            <CopyField
              label={<Trans>Memo</Trans>}
              value={memo}
              copyLabel={t`Copy memo`}
              copiedText={t`Memo copied`}
              failedText={t`Failed to copy memo.`}
              testId="deposit-memo"
            />
          )}
        </div>
      </div>
      {network.memo && (
        <p className="funds-warning funds-warning--memo" role="note">
          <TriangleAlert size={18} aria-hidden />
          <span>
            <Trans>Both the memo and the address are required. A deposit sent without the memo cannot be credited to your account.</Trans>
          </span>
        </p>
      )}
      <p className="funds-warning" role="note">
        <TriangleAlert size={18} aria-hidden />
        <span>
          <Trans>Send only {symbol} on the {networkCode} network to this address. Other coins or networks may be lost.</Trans>
        </span>
      </p>
      <dl className="funds-terms">
        <div>
          <dt className="muted">
            <Trans>Minimum deposit</Trans>
          </dt>
          <dd>{minimum}</dd>
        </div>
        <div>
          <dt className="muted">
            <Trans>Deposit account</Trans>
          </dt>
          <dd data-testid="deposit-account">{creditWallet === 'spot' ? <Trans>Spot</Trans> : <Trans>Funding</Trans>}</dd>
        </div>
        <div>
          <dt className="muted">
            <Trans>Confirmations needed</Trans>
          </dt>
          <dd>{confirmations}</dd>
        </div>
        <div>
          <dt className="muted">
            <Trans>Expected arrival</Trans>
          </dt>
          <dd>
            <Trans>About 18 minutes on a real chain</Trans>
          </dd>
        </div>
        <div>
          <dt className="muted">{creditWallet === 'spot' ? <Trans>Spot balance</Trans> : <Trans>Funding balance</Trans>}</dt>
          <dd data-testid="deposit-funding-balance">
            {formatCoinAmount(creditWallet === 'spot' ? coin.spot_balance : coin.funding_balance)} {symbol}
          </dd>
        </div>
      </dl>
      <p className="funds-note muted">
        <Trans>Deposits below the minimum are recorded but not credited. A deposit is credited once it has {confirmations} confirmations.</Trans>
      </p>
      <CreditWalletChoice uid={uid} />
      {network.simulated && <SimulatePanel uid={uid} coin={coin} network={network} onSimulated={onSimulated} />}
    </div>
  );
}
