import { useId, useState, type FormEvent } from 'react';
import { ArrowLeftRight } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { TRANSFER_WALLETS, walletMessages, type TransferAccount } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../../shared/api/http';
import { submitTransfer } from '../../shared/api/wallets';
import { fetchBalances } from '../../shared/api/balances';
import { NumberInput } from '../../shared/ui/NumberInput';
import { formatBalance } from '../../shared/format/balance';
import { accountLabel } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { scopes } from '../../shared/query/keys';
import { useContractText } from '../../shared/i18n/contractText';
import { useCoins } from '../../shared/market/useCoins';
import { AccountSelect } from './AccountSelect';
import { AssetPicker } from './AssetPicker';
import { transferAssets, USDT_ASSET, type TransferAsset } from './assets';
import {
  amountToSend,
  liveAmountError,
  maxAmount,
  transferDisabled,
  validateTransfer,
} from './validation';

/** A wallet named in the page's address (?from=funding&to=spot, as the deposit page links it), else the fallback. */
function walletParam(value: string | null, fallback: TransferAccount): TransferAccount {
  return TRANSFER_WALLETS.find((w) => w === value) ?? fallback;
}

const BALANCE_LABELS = { funding: msg`Funding available`, spot: msg`Spot available`, futures: msg`Futures available` } as const;

interface TransferFormProps {
  uid: number;
  onTransferred: () => void;
}

/** The transfer form of spec 3 §2 and §5: asset, accounts, amount, then POST /transfers. */
export function TransferForm({ uid, onTransferred }: TransferFormProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const { coins, status: coinsStatus } = useCoins();
  const [asset, setAsset] = useState<TransferAsset>(USDT_ASSET);
  const [params] = useSearchParams();
  const [from, setFrom] = useState<TransferAccount>(() => walletParam(params.get('from'), 'spot'));
  const [to, setTo] = useState<TransferAccount>(() => {
    const wanted = walletParam(params.get('to'), 'futures');
    return wanted === walletParam(params.get('from'), 'spot') ? TRANSFER_WALLETS.find((w) => w !== wanted) ?? 'futures' : wanted;
  });
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const amountId = useId();
  const balance = useAsync(scopes.walletBalances, String(uid), (signal) => fetchBalances(uid, signal));

  // An asset the user never held is not in the answer: each of its wallets has 0 available.
  const row = balance.data?.assets.find((a) => a.symbol === asset.symbol);
  const availableIn = (wallet: TransferAccount): string | undefined => (balance.data ? (row?.[wallet].available ?? '0') : undefined);
  const fromBalance = balance.status !== 'error' ? (availableIn(from) ?? null) : null;
  const draft = { symbol: asset.symbol, from, to, amount, balance: fromBalance };
  const shownError = error ?? liveAmountError(draft);
  const max = maxAmount(fromBalance);
  const fromLabel = i18n._(accountLabel(from));
  const available = fromBalance === null ? '...' : formatBalance(fromBalance);
  const { symbol } = asset;

  const clearMessages = () => {
    setError(null);
    setSuccess(null);
  };

  // Picking the account already on the other side swaps the two (spec 3 §4).
  const chooseFrom = (account: TransferAccount) => {
    if (account === to) setTo(from);
    setFrom(account);
    clearMessages();
  };
  const chooseTo = (account: TransferAccount) => {
    if (account === from) setFrom(to);
    setTo(account);
    clearMessages();
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    clearMessages();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const problem = validateTransfer(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProcessing(true);
    try {
      await submitTransfer({ uid, from, to, symbol: asset.symbol, amount: amountToSend(amount) }, crypto.randomUUID());
      setSuccess(walletMessages.transferSuccessful);
      setAmount('');
      balance.reload();
      onTransferred();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : walletMessages.transferFailed);
    } finally {
      setProcessing(false);
    }
  };

  const shownBalance = (value: string | undefined) =>
    balance.status === 'loading' || value === undefined ? '...' : formatBalance(value);

  return (
    <form className="card wallet-card transfer-form" onSubmit={submit} noValidate>
      <div className="field" data-tour="transfer-asset">
        <AssetPicker
          label={t`Asset`}
          assets={transferAssets(coins)}
          status={coinsStatus}
          value={asset}
          onChange={(next) => {
            setAsset(next);
            clearMessages();
          }}
        />
      </div>

      <div className="transfer-form__accounts">
        <AccountSelect label={t`From`} value={from} onChange={chooseFrom} tourTarget="transfer-from" />
        <button type="button" className="btn btn-ghost transfer-form__swap" data-tour="transfer-swap" aria-label={t`Swap From and To`} onClick={swap}>
          <ArrowLeftRight size={18} aria-hidden />
        </button>
        <AccountSelect label={t`To`} value={to} onChange={chooseTo} tourTarget="transfer-to" />
      </div>

      <dl className="transfer-form__balances">
        {TRANSFER_WALLETS.map((wallet) => (
          <div key={wallet}>
            <dt className="muted">{i18n._(BALANCE_LABELS[wallet])}</dt>
            <dd data-testid={`${wallet}-balance`}>
              {shownBalance(availableIn(wallet))} {asset.symbol}
            </dd>
          </div>
        ))}
      </dl>
      {balance.status === 'error' && (
        <p className="field-error">
          <Trans>Could not load the {fromLabel} balance.</Trans>{' '}
          <button type="button" className="btn-link" onClick={balance.reload}>
            <Trans>Retry</Trans>
          </button>
        </p>
      )}

      <div className="field" data-tour="transfer-amount">
        <label className="field-label" htmlFor={amountId}>
          <Trans>Amount</Trans>
        </label>
        <div className="transfer-form__amount">
          <NumberInput
            id={amountId}
            className="input"
            placeholder="0.00"
            value={amount}
            aria-invalid={shownError === walletMessages.invalidAmount || shownError === walletMessages.insufficientBalance}
            onValueChange={(value) => {
              setAmount(value);
              clearMessages();
            }}
          />
          <span className="transfer-form__unit muted">{asset.symbol}</span>
          <button
            type="button"
            className="btn btn-sm transfer-form__max"
            data-tour="transfer-max"
            disabled={max === null}
            onClick={() => {
              if (max === null) return;
              setAmount(max);
              clearMessages();
            }}
          >
            <Trans>Max</Trans>
          </button>
        </div>
        <span className="muted transfer-form__hint">
          <Trans>
            Available in {fromLabel}: {available} {symbol}
          </Trans>
        </span>
      </div>

      {shownError && (
        <p className="form-error" role="alert">
          {contractText(shownError)}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {contractText(success)}
        </p>
      )}

      <button type="submit" data-tour="transfer-submit" className="btn btn-primary btn-block" disabled={transferDisabled(draft, processing)}>
        {processing ? <Trans>Processing...</Trans> : <Trans>Transfer</Trans>}
      </button>
    </form>
  );
}
