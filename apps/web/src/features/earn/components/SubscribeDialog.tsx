import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { earnMessages, type EarnPosition, type EarnProduct, type EarnSource } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { formatBalance, formatPercent } from '../../../shared/format/balance';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { formatDateTime } from '../../../shared/format/wallet';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { useAsync } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { Modal } from '../../../shared/ui/Modal';
import { fetchEarnBalance, subscribe } from '../api/earnApi';
import { amountProblem, problemText, type AmountProblem } from '../model/amountCheck';
import { aprPercent, dailyInterest, interestOver } from '../model/earnMath';
import { TokenCell } from './TokenCell';
import { useTermLabel } from './useTermLabel';

/** A flexible product's estimate covers this many days. */
const FLEXIBLE_ESTIMATE_DAYS = 30;
const DAY_MS = 86_400_000;

interface SubscribeDialogProps {
  product: EarnProduct | null;
  uid: number | null;
  onClose: () => void;
  onSubscribed: (position: EarnPosition) => void;
}

/** Subscribe (issue 18): amount, the wallet it comes from with its balance, and what it should earn. */
export function SubscribeDialog({ product, uid, onClose, onSubscribed }: SubscribeDialogProps) {
  const { t } = useLingui();
  const termLabel = useTermLabel();
  const symbol = product?.symbol ?? '';
  const term = product ? termLabel(product) : '';
  return (
    <Modal open={product !== null} onOpenChange={(open) => !open && onClose()} title={t`Subscribe ${symbol} ${term}`} className="earn-dialog">
      {product &&
        (uid === null ? (
          <div className="earn-dialog__login">
            <p className="muted">
              <Trans>Log in to subscribe and start earning.</Trans>
            </p>
            <Link to="/login" className="btn btn-primary">
              <Trans>Log in</Trans>
            </Link>
          </div>
        ) : (
          <SubscribeForm key={product.id} product={product} uid={uid} onSubscribed={onSubscribed} />
        ))}
    </Modal>
  );
}

function SubscribeForm({ product, uid, onSubscribed }: { product: EarnProduct; uid: number; onSubscribed: (position: EarnPosition) => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [source, setSource] = useState<EarnSource>('spot');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per opening of the dialog: a retried submit is the same subscription.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // The first UTC midnight after the dialog opened: when a subscription made now starts earning.
  const [startsAt] = useState(() => new Date((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS));
  const balances = useAsync('earn-balance', `${uid}|${product.symbol}`, (signal) => fetchEarnBalance(uid, product.symbol, signal));
  const available = balances.data ? balances.data[source] : null;
  const problem = amountProblem(amount, product, available);
  const { symbol } = product;

  const describe = (p: AmountProblem): string => {
    if (p.kind === 'belowMinimum') {
      const min = formatCoinAmount(p.min);
      return t`The minimum subscription is ${min} ${symbol}`;
    }
    return contractText(problemText[p.kind]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await subscribe({ uid, productId: product.id, amount: amount.trim(), source, idempotencyKey });
      onSubscribed(answer.position);
    } catch (error) {
      setFailure(errorMessage(error, contractText(earnMessages.subscribeFailed)));
      setSending(false);
    }
  };

  const valid = problem === null;
  const daily = valid ? dailyInterest(amount, product.apr) : '0';
  const days = product.term_days ?? FLEXIBLE_ESTIMATE_DAYS;
  const total = valid ? interestOver(amount, product.apr, days) : '0';
  const starts = formatDateTime(startsAt.toISOString());
  const matures = product.term_days === null ? null : formatDateTime(new Date(startsAt.getTime() + product.term_days * DAY_MS).toISOString());
  const min = formatCoinAmount(product.min_amount);
  const balanceText = available === null ? '...' : `${formatBalance(available)} ${symbol}`;
  const apr = formatPercent(aprPercent(product.apr));
  const dailyText = `${formatBalance(daily)} ${symbol}`;
  const totalText = `${formatBalance(total)} ${symbol}`;

  return (
    <form className="earn-form" onSubmit={submit} noValidate>
      <div className="earn-form__product">
        <TokenCell symbol={symbol} name={product.name} logo={product.logo_path} />
        <span className="earn-apr">
          <Trans>APR {apr}</Trans>
        </span>
      </div>
      <fieldset className="earn-form__sources">
        <legend className="field-label">
          <Trans>Pay from</Trans>
        </legend>
        {(['spot', 'funding'] as const).map((wallet) => (
          <label key={wallet} className={source === wallet ? 'earn-source is-active' : 'earn-source'}>
            <input type="radio" name="earn-source" value={wallet} checked={source === wallet} onChange={() => setSource(wallet)} />
            <span>{wallet === 'spot' ? t`Spot wallet` : t`Funding wallet`}</span>
            <span className="muted">{balances.data ? `${formatBalance(balances.data[wallet])} ${symbol}` : '...'}</span>
          </label>
        ))}
      </fieldset>
      {balances.status === 'error' && (
        <p className="field-error" role="alert">
          <Trans>Failed to load your balance.</Trans>{' '}
          <button type="button" className="btn-link" onClick={balances.reload}>
            <Trans>Try Again</Trans>
          </button>
        </p>
      )}
      <div className="field">
        <label htmlFor="earn-amount">
          <Trans>Amount</Trans>
        </label>
        <div className="earn-amount">
          <NumberInput
            id="earn-amount"
            className="input"
            placeholder={t`Minimum ${min}`}
            value={amount}
            aria-invalid={touched && problem !== null}
            aria-describedby="earn-amount-help"
            onValueChange={(value) => {
              setAmount(value);
              setTouched(true);
              setFailure(null);
            }}
          />
          <span className="earn-amount__symbol">{symbol}</span>
          <button type="button" className="btn btn-ghost btn-sm" disabled={available === null || available === '0'} onClick={() => setAmount(available ?? '')}>
            <Trans>Max</Trans>
          </button>
        </div>
        <p id="earn-amount-help" className="muted earn-form__hint">
          <Trans>
            Available: {balanceText} · Minimum {min} {symbol}
          </Trans>
        </p>
        {touched && problem && (
          <p className="field-error" role="alert">
            {describe(problem)}
          </p>
        )}
      </div>
      <dl className="earn-summary">
        <div>
          <dt>
            <Trans>Est. daily earnings</Trans>
          </dt>
          <dd>{dailyText}</dd>
        </div>
        <div>
          <dt>{product.term_days === null ? <Trans>Est. earnings over {days} days</Trans> : <Trans>Earnings at maturity</Trans>}</dt>
          <dd>{totalText}</dd>
        </div>
        <div>
          <dt>
            <Trans>Earning starts</Trans>
          </dt>
          <dd>{starts}</dd>
        </div>
        <div>
          <dt>
            <Trans>Redeem</Trans>
          </dt>
          <dd>{matures === null ? <Trans>Any time, instantly</Trans> : <Trans>From {matures}</Trans>}</dd>
        </div>
      </dl>
      <p className="muted earn-form__hint">
        <Trans>Interest is paid daily to your funding wallet for every whole UTC day you hold the product.</Trans>
      </p>
      {failure && (
        <p className="form-error" role="alert">
          {contractText(failure)}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={sending || (touched && problem !== null)}>
        {sending ? <Trans>Processing...</Trans> : <Trans>Subscribe</Trans>}
      </button>
    </form>
  );
}
