import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowDownUp, CircleCheckBig } from 'lucide-react';
import { CONVERT_SUCCESS_BANNER_MS, convertMessages as m, type ConversionCurrency } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBalance } from '../../../shared/format/balance';
import { useContractText } from '../../../shared/i18n/contractText';
import { submitConversion } from '../api/convertApi';
import { useQuote } from '../data/useQuote';
import { useSpotBalance } from '../data/useSpotBalance';
import { linkedAmount, liveAmountError, normalizedAmount, validateConversion, type AmountSide } from '../model/amounts';
import {
  coinOf,
  coinSide,
  currencyFallback,
  DEFAULT_DIRECTION,
  findCurrency,
  indicativeRate,
  swapDirection,
  USDT,
  withCoin,
  type Direction,
} from '../model/currencies';
import { answerOutcome, failureOutcome, type SubmitOutcome } from '../model/outcome';
import { AmountBox } from './AmountBox';
import { ConvertPreview } from './ConvertPreview';
import { CurrencyPicker } from './CurrencyPicker';
import { QuoteLine } from './QuoteLine';
import { UsdtBadge } from './UsdtBadge';

/** Spec 2 §5: hints only, never enforced. */
const PLACEHOLDERS = { usdt: '0.92116-50,000', coin: '0.00001-0.6' } as const;

interface ConvertFormProps {
  /** Null for a visitor, who sees Login to Convert. */
  uid: number | null;
  currencies: readonly ConversionCurrency[];
}

function inverseOf(rate: string | null): string | null {
  const n = Number(rate);
  return rate === null || !(n > 0) ? null : (1 / n).toFixed(12);
}

/** The conversion form of spec 2 §2-§5: two linked amount boxes, the coin picker, the firm quote and Convert. */
export function ConvertForm({ uid, currencies }: ConvertFormProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [direction, setDirection] = useState<Direction>(DEFAULT_DIRECTION);
  const [edited, setEdited] = useState<AmountSide>('from');
  /** What the user typed, in the box `edited` names. */
  const [typed, setTyped] = useState('');
  /** The From amount a typed To amount implied at the rate of that moment, so a new quote does not move it again. */
  const [impliedFrom, setImpliedFrom] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  /** The quote id the preview opened with, while it is open: a different live quote is a renewed one. */
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), fromLabel: useId(), toLabel: useId() };

  const fromBalance = useSpotBalance(uid, direction.from);
  const toBalance = useSpotBalance(uid, direction.to);
  const fallbackRate = indicativeRate(currencies, direction);

  const quoteRate = (q: { rate: string; inverse_rate: string } | null) => ({
    rate: q?.rate ?? fallbackRate,
    inverse: q?.inverse_rate ?? inverseOf(fallbackRate),
  });

  const fromAmount = edited === 'from' ? typed : (impliedFrom ?? '');
  const quote = useQuote(direction.from, direction.to, normalizedAmount(fromAmount));
  const { rate, inverse } = quoteRate(quote.pairQuote);
  const shownFrom = edited === 'from' ? typed : (impliedFrom ?? linkedAmount(typed, inverse));
  let shownTo = typed;
  if (edited === 'from') shownTo = quote.quote ? linkedAmount(quote.quote.converted_amount, '1') : linkedAmount(typed, rate);

  const draft = { fromAmount: shownFrom, toAmount: shownTo, edited, balance: uid === null ? null : fromBalance.value };
  const quoteFailure = quote.failed ? (quote.failureMessage ?? t`Could not get a quote. Please try again.`) : null;
  const shownError = submitError ?? liveAmountError(draft) ?? quoteFailure;
  const amountsValid = normalizedAmount(shownFrom) !== null && normalizedAmount(shownTo) !== null;
  const disabled = converting || shownFrom === '' || shownTo === '' || shownError !== null || (amountsValid && quote.quote === null);

  // Spec 2 §4: the banner stays 5 s, then the balances are read again.
  const { reload: reloadFrom } = fromBalance;
  const { reload: reloadTo } = toBalance;
  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(() => {
      setSucceeded(false);
      reloadFrom();
      reloadTo();
    }, CONVERT_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [succeeded, reloadFrom, reloadTo]);

  const clearMessages = () => {
    setSubmitError(null);
    setNotice(null);
  };
  const type = (side: AmountSide, value: string) => {
    setEdited(side);
    setTyped(value);
    setImpliedFrom(side === 'to' ? linkedAmount(value, inverse) || null : null);
    clearMessages();
  };
  /** `from` is what the From box holds after the change. */
  const changeDirection = (next: Direction, from: string) => {
    setDirection(next);
    setEdited('from');
    setTyped(from);
    setImpliedFrom(null);
    clearMessages();
  };
  // The swap turns the boxes round with their amounts; a new coin keeps a USDT amount but not another coin's.
  const swap = () => changeDirection(swapDirection(direction), shownTo);
  const pickCoin = (symbol: string) => changeDirection(withCoin(direction, symbol), direction.from === USDT ? shownFrom : '');

  // Convert opens the preview of the firm quote; Confirm in it converts (issue 40).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uid === null || converting) return;
    setSucceeded(false);
    const problem = validateConversion(draft);
    if (problem) {
      setSubmitError(problem);
      return;
    }
    if (!quote.quote) return;
    clearMessages();
    setPreviewOf(quote.quote.quote_id);
  };

  const confirm = async () => {
    const firm = quote.quote;
    const amount = normalizedAmount(shownFrom);
    if (uid === null || converting || !firm || amount === null) return;
    setSubmitError(null);
    setConverting(true);
    let outcome: SubmitOutcome;
    try {
      const input = { uid, from: direction.from, to: direction.to, amount, convertedAmount: firm.converted_amount, quoteId: firm.quote_id };
      outcome = answerOutcome(await submitConversion(input, crypto.randomUUID()));
    } catch (failure) {
      outcome = failureOutcome(failure);
    }
    setConverting(false);
    if (outcome.kind === 'success') {
      setPreviewOf(null);
      setSucceeded(true);
      setTyped('');
      setImpliedFrom(null);
      setEdited('from');
      // Read at once too, so the banner never sits beside the old balances.
      reloadFrom();
      reloadTo();
    } else if (outcome.kind === 'requote') {
      setNotice(outcome.message);
      quote.refresh();
    } else {
      setSubmitError(outcome.message);
    }
  };

  const currencyOf = (symbol: string) => findCurrency(currencies, symbol) ?? currencyFallback(symbol);
  const side = coinSide(direction);
  const currencyControl = (box: AmountSide) =>
    box === side ? (
      <CurrencyPicker
        labelId={box === 'from' ? ids.fromLabel : ids.toLabel}
        currencies={currencies}
        value={currencyOf(coinOf(direction))}
        onChange={pickCoin}
      />
    ) : (
      <UsdtBadge currency={currencyOf(USDT)} />
    );
  const balanceText = (balance: { value: string | null }, symbol: string) => {
    const amount = balance.value === null ? '...' : formatBalance(balance.value);
    return `${amount} ${symbol}`;
  };
  const fromAvailable = balanceText(fromBalance, direction.from);
  const toHeld = balanceText(toBalance, direction.to);
  // The preview says these itself while it is open.
  const previewing = previewOf !== null;
  const overBalance = shownError === m.exceedsBalance || shownError === m.requiredExceedsBalance;

  return (
    <form className="card convert-form" onSubmit={submit} noValidate aria-label={t`Convert`}>
      <AmountBox
        id={ids.from}
        labelId={ids.fromLabel}
        label={t`From`}
        balance={
          uid !== null && (
            <span data-testid="convert-available">
              <Trans>Available: {fromAvailable}</Trans>
            </span>
          )
        }
        value={shownFrom}
        placeholder={direction.from === USDT ? PLACEHOLDERS.usdt : PLACEHOLDERS.coin}
        invalid={overBalance}
        onChange={(value) => type('from', value)}
        currency={currencyControl('from')}
        tourTarget="convert-from"
      />
      {fromBalance.failed && <p className="field-error">{contractText(m.balanceFailed)}</p>}
      <div className="convert-form__swap">
        <button
          type="button"
          className="btn btn-ghost convert-form__swap-button"
          data-tour="convert-swap"
          aria-label={t`Swap currencies`}
          onClick={swap}
        >
          <ArrowDownUp size={18} aria-hidden />
        </button>
      </div>
      <AmountBox
        id={ids.to}
        labelId={ids.toLabel}
        label={t`To`}
        balance={
          uid !== null && (
            <span data-testid="convert-held">
              <Trans>Balance: {toHeld}</Trans>
            </span>
          )
        }
        value={shownTo}
        placeholder={direction.to === USDT ? PLACEHOLDERS.usdt : PLACEHOLDERS.coin}
        invalid={shownError === m.requiredExceedsBalance}
        onChange={(value) => type('to', value)}
        currency={currencyControl('to')}
        tourTarget="convert-to"
      />
      <QuoteLine from={direction.from} to={direction.to} rate={quote.pairQuote?.rate ?? fallbackRate} secondsLeft={quote.secondsLeft} loading={quote.loading} />

      {shownError && !previewing && (
        <p className="form-error" role="alert">
          {contractText(shownError)}
        </p>
      )}
      {notice && !shownError && !previewing && (
        <p className="form-notice" role="status">
          {contractText(notice)}
        </p>
      )}
      {succeeded && (
        <p className="form-success convert-form__success" role="status">
          <CircleCheckBig size={18} aria-hidden />
          {contractText(m.success)}
        </p>
      )}

      <ConvertPreview
        open={previewing}
        from={direction.from}
        to={direction.to}
        quote={quote.quote}
        secondsLeft={quote.secondsLeft}
        renewed={previewing && quote.quote !== null && quote.quote.quote_id !== previewOf}
        quoteFailure={quoteFailure}
        error={submitError}
        notice={notice}
        converting={converting}
        onConfirm={() => void confirm()}
        onClose={() => setPreviewOf(null)}
      />

      {uid === null ? (
        <Link to="/login" className="btn btn-primary btn-block convert-form__submit" data-tour="convert-submit">
          {contractText(m.loginToConvert)}
        </Link>
      ) : (
        <button type="submit" className="btn btn-primary btn-block convert-form__submit" data-tour="convert-submit" disabled={disabled}>
          {converting ? <Trans>Converting...</Trans> : <Trans>Convert</Trans>}
        </button>
      )}
    </form>
  );
}
