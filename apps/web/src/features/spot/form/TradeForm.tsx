import { useReducer, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { X } from 'lucide-react';
import {
  AMOUNT_DECIMALS,
  SLIDER_MARKS,
  amountForPercent,
  availableText,
  formatLotAmount,
  maxAmount,
  orderTotal,
  percentForAmount,
  validateTrade,
  type TradeProblem,
} from './tradeForm';
import { defaultLimitPrice, priceText } from '../../../shared/trading/defaultPrice';
import { DEFAULT_LOT } from '../../../shared/trading/steps';
import { useTradeNotice } from '../../../shared/trading/useTradeNotice';
import { initialTradeForm, limitPriceOf, tradeFormReducer, waitsForBook } from '../../../shared/trading/tradeFormState';
import { spotMessages, type ExecutionType, type OrderSide } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ApiError } from '../../../shared/api/http';
import { formatFixed } from '../../../shared/format/number';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { useContractText } from '../../../shared/i18n/contractText';
import { placeOrder } from '../api/spotApi';
import { useBookTop, type BookTopStore } from '../../../shared/trading/bookTop';
import type { SpotBalances } from '../data/useSpotWallet';
import { MaxPriceFact } from './MaxPriceFact';
import { placedNoticeText } from './placedNotice';

const ORDER_TYPES: { value: ExecutionType; label: MessageDescriptor }[] = [
  { value: 'limit', label: msg`Limit` },
  { value: 'market', label: msg`Market` },
  { value: 'stop-limit', label: msg`Stop-Limit` },
];

/** A price from the order book; `seq` makes a second click on the same price count. */
export interface PickedPrice {
  price: string;
  seq: number;
}

export interface TradeFormProps {
  symbol: string;
  coinPairId: number;
  lastPrice: number;
  /** The coin's price and amount steps (null: the server sent none). */
  tickSize: string | null;
  lotSize: string | null;
  /** The live book's best bid and ask, where the limit price starts. */
  bookTop?: BookTopStore;
  uid: number | null;
  signedIn: boolean;
  balances: SpotBalances;
  /** Fixes the side and hides the Buy/Sell toggle (the phone sheet picks it). */
  side?: OrderSide;
  pickedPrice?: PickedPrice | null;
  onPlaced?: () => void;
}

/** The spot form's text fields. */
type SpotField = 'amount' | 'stopPrice';

/** The spot order form of spec 1 §2, §4, §5: mount it with key={coin id} so a new coin starts clean. */
export function TradeForm(props: TradeFormProps) {
  const { symbol, coinPairId, lastPrice, tickSize, lotSize, bookTop, uid, signedIn, balances, side: fixedSide, pickedPrice, onPlaced } = props;
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const [chosenSide, setChosenSide] = useState<OrderSide>('buy');
  const side = fixedSide ?? chosenSide;
  const lot = lotSize ?? DEFAULT_LOT;
  const [type, setType] = useState<ExecutionType>('limit');
  const [form, dispatch] = useReducer(tradeFormReducer<SpotField, TradeProblem, true>, pickedPrice?.seq ?? 0, (seen) =>
    initialTradeForm<SpotField, TradeProblem, true>({ amount: '', stopPrice: '' }, seen),
  );
  const { amount, stopPrice } = form.fields;
  const { error } = form;
  const submitting = form.submitting !== null;
  const setAmount = (value: string) => dispatch({ type: 'field', name: 'amount', value });
  const { notice, show, close } = useTradeNotice();

  // The default is taken from the live book once per side, then left alone: the field never moves under the user.
  const waitingForBook = waitsForBook(form, side);
  const top = useBookTop(bookTop, symbol, waitingForBook);
  if (waitingForBook && top) dispatch({ type: 'bookDefault', for: side, price: defaultLimitPrice(side, top, lastPrice, tickSize) });
  const price = limitPriceOf(form, side, () => defaultLimitPrice(side, null, lastPrice, tickSize));

  // An order book click replaces the price; adjusting state during render avoids an extra pass.
  if (pickedPrice && pickedPrice.seq !== form.seenPick) dispatch({ type: 'pick', seq: pickedPrice.seq, price: pickedPrice.price, applies: type !== 'market' });

  // A market order fills near the last price, so its checks and total use that instead of the field.
  const effectivePrice = type === 'market' ? priceText(lastPrice, tickSize) : price;
  const max = maxAmount(side, effectivePrice, balances.usdt, balances.crypto, lot);
  const percent = percentForAmount(amount, max);
  const quote = side === 'buy' ? 'USDT' : symbol;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateTrade({
      signedIn: signedIn && uid !== null,
      side,
      executionType: type,
      amount,
      price: effectivePrice,
      stopPrice,
      usdtBalance: balances.usdt,
      cryptoBalance: balances.crypto,
      lot,
    });
    dispatch({ type: 'checked', problem });
    if (problem || uid === null) return;
    dispatch({ type: 'submit', busy: true });
    try {
      const answer = await placeOrder({ uid, coinPairId, side, executionType: type, price: effectivePrice, stopPrice, amount }, crypto.randomUUID());
      show('success', placedNoticeText(i18n, answer, { side, symbol, amount, lot }));
      dispatch({ type: 'placed', clear: 'amount' });
      onPlaced?.();
    } catch (failure) {
      if (failure instanceof ApiError) show('error', contractText(failure.serverMessage ?? spotMessages.placeFailed));
      else show('error', contractText(spotMessages.unexpected));
    } finally {
      dispatch({ type: 'settled' });
    }
  }

  // One Tab stop each, so the fields are close to the top of the page for keyboard users.
  const sideButtons = useRovingFocus<HTMLDivElement>();
  const typeTabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });

  return (
    <form className={clsx('spot-form', `spot-form--${side}`)} onSubmit={submit} noValidate aria-label={side === 'buy' ? t`Buy ${symbol}` : t`Sell ${symbol}`}>
      {!fixedSide && (
        <div className="spot-form__sides" role="toolbar" aria-label={t`Side`} {...sideButtons}>
          {(['buy', 'sell'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={clsx('spot-form__side', `spot-form__side--${value}`, side === value && 'is-active')}
              aria-pressed={side === value}
              onClick={() => {
                setChosenSide(value);
                dispatch({ type: 'clearError' });
              }}
            >
              {value === 'buy' ? <Trans>Buy</Trans> : <Trans>Sell</Trans>}
            </button>
          ))}
        </div>
      )}
      <div className="spot-form__types" role="tablist" aria-label={t`Order type`} {...typeTabs}>
        {ORDER_TYPES.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={type === item.value}
            className={clsx('spot-form__type', type === item.value && 'is-active')}
            onClick={() => setType(item.value)}
          >
            {i18n._(item.label)}
          </button>
        ))}
      </div>
      {type === 'stop-limit' && (
        <label className="spot-form__field">
          <span className="spot-form__label">
            <Trans>Stop price</Trans>
          </span>
          <NumberInput
            className="spot-form__input"
            aria-label={t`Stop price`}
            value={stopPrice}
            onValueChange={(value) => dispatch({ type: 'field', name: 'stopPrice', value })}
          />
          <span className="spot-form__unit">USDT</span>
        </label>
      )}
      <label className="spot-form__field">
        <span className="spot-form__label">
          <Trans>Price</Trans>
        </span>
        {type === 'market' ? (
          <input className="spot-form__input" aria-label={t`Price`} value={t`Market`} disabled />
        ) : (
          <NumberInput className="spot-form__input" aria-label={t`Price`} value={price} onValueChange={(value) => dispatch({ type: 'price', value })} />
        )}
        <span className="spot-form__unit">USDT</span>
      </label>
      <label className="spot-form__field">
        <span className="spot-form__label">
          <Trans>Amount</Trans>
        </span>
        <NumberInput className="spot-form__input" aria-label={t`Amount`} placeholder="0.00000" value={amount} onValueChange={setAmount} />
        <span className="spot-form__unit">{symbol}</span>
      </label>
      <div className="spot-form__slider">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-label={t`Share of available balance`}
          aria-valuetext={`${percent}%`}
          onChange={(event) => setAmount(amountForPercent(Number(event.target.value), max, lot))}
        />
        <div className="spot-form__marks">
          {SLIDER_MARKS.map((mark) => (
            <button key={mark} type="button" className={clsx('spot-form__mark', percent >= mark && 'is-on')} onClick={() => setAmount(amountForPercent(mark, max, lot))}>
              {mark}%
            </button>
          ))}
        </div>
      </div>
      <dl className="spot-form__facts">
        <div>
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd data-testid="available-balance">
            {signedIn ? `${availableText(side, balances.usdt, balances.crypto, lot)} ${quote}` : contractText(spotMessages.balanceLogin)}
          </dd>
        </div>
        <div>
          <dt>{side === 'buy' ? <Trans>Max buy</Trans> : <Trans>Max sell</Trans>}</dt>
          <dd>
            {formatLotAmount(max, lot)} {symbol}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="order-total">{formatFixed(orderTotal(amount, effectivePrice), AMOUNT_DECIMALS)} USDT</dd>
        </div>
        <MaxPriceFact price={effectivePrice} marketBuy={type === 'market' && side === 'buy'} />
      </dl>
      <p className="spot-form__fees muted">{contractText(spotMessages.fees)}</p>
      {error && (
        <p className="spot-form__error" role="alert">
          {contractText(error)}
        </p>
      )}
      {signedIn ? (
        <button type="submit" className={clsx('spot-form__submit', `spot-form__submit--${side}`)} disabled={submitting}>
          {submitting ? t`Placing order...` : side === 'buy' ? t`Buy ${symbol}` : t`Sell ${symbol}`}
        </button>
      ) : (
        <Link to="/login" className="spot-form__submit spot-form__submit--login">
          {contractText(spotMessages.loginToTradeButton)}
        </Link>
      )}
      {notice && (
        <div className={clsx('spot-notice', `spot-notice--${notice.type}`)} role="status" key={notice.id}>
          <span>{notice.text}</span>
          <button type="button" className="spot-notice__close" aria-label={t`Close notification`} onClick={close}>
            <X size={14} aria-hidden />
          </button>
        </div>
      )}
    </form>
  );
}
