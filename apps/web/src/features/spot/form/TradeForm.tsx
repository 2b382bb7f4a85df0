import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { X } from 'lucide-react';
import {
  SLIDER_MARKS,
  acceptAmountInput,
  amountForPercent,
  availableText,
  formatLotAmount,
  maxAmount,
  maxPrice,
  orderTotal,
  percentForAmount,
  validateTrade,
} from './tradeForm';
import { defaultLimitPrice, priceText } from './defaultPrice';
import { DEFAULT_LOT } from './steps';
import { useTradeNotice } from './useTradeNotice';
import { spotMessages, type ExecutionType, type OrderSide } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';
import { formatPrice } from '../../../shared/format/price';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { placeOrder } from '../api/spotApi';
import { useBookTop, type BookTopStore } from '../data/bookTop';
import type { SpotBalances } from '../data/useSpotWallet';

const ORDER_TYPES: { value: ExecutionType; label: string }[] = [
  { value: 'limit', label: 'Limit' },
  { value: 'market', label: 'Market' },
  { value: 'stop-limit', label: 'Stop-Limit' },
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

/** The spot order form of spec 1 §2, §4, §5: mount it with key={coin id} so a new coin starts clean. */
export function TradeForm(props: TradeFormProps) {
  const { symbol, coinPairId, lastPrice, tickSize, lotSize, bookTop, uid, signedIn, balances, side: fixedSide, pickedPrice, onPlaced } = props;
  const [chosenSide, setChosenSide] = useState<OrderSide>('buy');
  const side = fixedSide ?? chosenSide;
  const lot = lotSize ?? DEFAULT_LOT;
  const [type, setType] = useState<ExecutionType>('limit');
  // The user's own price (typed or picked from the book); null keeps the default from the book.
  const [ownPrice, setOwnPrice] = useState<string | null>(null);
  const [bookPrice, setBookPrice] = useState<{ side: OrderSide; price: string } | null>(null);
  const [stopPrice, setStopPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [seenPick, setSeenPick] = useState(pickedPrice?.seq ?? 0);
  const { notice, show, close } = useTradeNotice();

  // The default is taken from the live book once per side, then left alone: the field never moves under the user.
  const waitingForBook = ownPrice === null && bookPrice?.side !== side;
  const top = useBookTop(bookTop, symbol, waitingForBook);
  if (waitingForBook && top) setBookPrice({ side, price: defaultLimitPrice(side, top, lastPrice, tickSize) });
  const price = ownPrice ?? (bookPrice?.side === side ? bookPrice.price : defaultLimitPrice(side, null, lastPrice, tickSize));

  // An order book click replaces the price; adjusting state during render avoids an extra pass.
  if (pickedPrice && pickedPrice.seq !== seenPick) {
    setSeenPick(pickedPrice.seq);
    if (type !== 'market') setOwnPrice(pickedPrice.price);
  }

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
    setError(problem);
    if (problem || uid === null) return;
    setSubmitting(true);
    try {
      await placeOrder({ uid, coinPairId, side, executionType: type, price: effectivePrice, stopPrice, amount }, crypto.randomUUID());
      show('success', spotMessages.placed(side));
      setAmount('');
      onPlaced?.();
    } catch (failure) {
      if (failure instanceof ApiError) show('error', failure.serverMessage ?? spotMessages.placeFailed);
      else show('error', spotMessages.unexpected);
    } finally {
      setSubmitting(false);
    }
  }

  // One Tab stop each, so the fields are close to the top of the page for keyboard users.
  const sideButtons = useRovingFocus<HTMLDivElement>();
  const typeTabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });

  return (
    <form className={clsx('spot-form', `spot-form--${side}`)} onSubmit={submit} noValidate aria-label={`${side === 'buy' ? 'Buy' : 'Sell'} ${symbol}`}>
      {!fixedSide && (
        <div className="spot-form__sides" role="toolbar" aria-label="Side" {...sideButtons}>
          {(['buy', 'sell'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={clsx('spot-form__side', `spot-form__side--${value}`, side === value && 'is-active')}
              aria-pressed={side === value}
              onClick={() => {
                setChosenSide(value);
                setError(null);
              }}
            >
              {value === 'buy' ? 'Buy' : 'Sell'}
            </button>
          ))}
        </div>
      )}
      <div className="spot-form__types" role="tablist" aria-label="Order type" {...typeTabs}>
        {ORDER_TYPES.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={type === item.value}
            className={clsx('spot-form__type', type === item.value && 'is-active')}
            onClick={() => setType(item.value)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {type === 'stop-limit' && (
        <label className="spot-form__field">
          <span className="spot-form__label">Stop price</span>
          <input
            className="spot-form__input"
            inputMode="decimal"
            aria-label="Stop price"
            value={stopPrice}
            onChange={(event) => setStopPrice(acceptAmountInput(event.target.value, stopPrice))}
          />
          <span className="spot-form__unit">USDT</span>
        </label>
      )}
      <label className="spot-form__field">
        <span className="spot-form__label">Price</span>
        <input
          className="spot-form__input"
          inputMode="decimal"
          aria-label="Price"
          value={type === 'market' ? 'Market' : price}
          disabled={type === 'market'}
          onChange={(event) => setOwnPrice(acceptAmountInput(event.target.value, price))}
        />
        <span className="spot-form__unit">USDT</span>
      </label>
      <label className="spot-form__field">
        <span className="spot-form__label">Amount</span>
        <input
          className="spot-form__input"
          inputMode="decimal"
          aria-label="Amount"
          placeholder="0.00000"
          value={amount}
          onChange={(event) => setAmount(acceptAmountInput(event.target.value, amount))}
        />
        <span className="spot-form__unit">{symbol}</span>
      </label>
      <div className="spot-form__slider">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-label="Share of available balance"
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
          <dt>Available</dt>
          <dd data-testid="available-balance">
            {signedIn ? `${availableText(side, balances.usdt, balances.crypto, lot)} ${quote}` : spotMessages.balanceLogin}
          </dd>
        </div>
        <div>
          <dt>Max {side}</dt>
          <dd>
            {formatLotAmount(max, lot)} {symbol}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="order-total">{orderTotal(amount, effectivePrice)} USDT</dd>
        </div>
        <div>
          <dt>Max price</dt>
          <dd>{formatPrice(maxPrice(effectivePrice))} USDT</dd>
        </div>
      </dl>
      <p className="spot-form__fees muted">{spotMessages.fees}</p>
      {error && (
        <p className="spot-form__error" role="alert">
          {error}
        </p>
      )}
      {signedIn ? (
        <button type="submit" className={clsx('spot-form__submit', `spot-form__submit--${side}`)} disabled={submitting}>
          {submitting ? 'Placing order...' : `${side === 'buy' ? 'Buy' : 'Sell'} ${symbol}`}
        </button>
      ) : (
        <Link to="/login" className="spot-form__submit spot-form__submit--login">
          {spotMessages.loginToTradeButton}
        </Link>
      )}
      {notice && (
        <div className={clsx('spot-notice', `spot-notice--${notice.type}`)} role="status" key={notice.id}>
          <span>{notice.text}</span>
          <button type="button" className="spot-notice__close" aria-label="Close notification" onClick={close}>
            <X size={14} aria-hidden />
          </button>
        </div>
      )}
    </form>
  );
}
