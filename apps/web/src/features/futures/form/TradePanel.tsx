import { useId, useReducer, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { X } from 'lucide-react';
import {
  FUTURES_NOTIFICATION_MS,
  FUTURES_SLIDER_STEP,
  errorCodes,
  futuresMessages,
  swapInstId,
  verificationMessages,
  type FuturesOrderType,
  type FuturesSide,
  type FuturesPositionRow,
  type MarginMode,
} from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, NetworkError } from '../../../shared/api/http';
import { formatFixed } from '../../../shared/format/number';
import { useContractText } from '../../../shared/i18n/contractText';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { useBookTop, type BookTopStore } from '../../../shared/trading/bookTop';
import { defaultLimitPrice, priceText } from '../../../shared/trading/defaultPrice';
import { useTradeNotice } from '../../../shared/trading/useTradeNotice';
import { placeFuturesOrder, type PositionAction } from '../api/futuresApi';
import { useFuturesFeeRates } from '../data/useFuturesFeeRates';
import {
  SLIDER_MARKS,
  amountForPercent,
  orderCost,
  orderFee,
  percentForAmount,
  validateFuturesTrade,
  type FuturesProblem,
} from './futuresForm';
import { crossWallet, previewLiquidationPrice } from './liquidationPreview';
import { LeverageControl, type SideLeverage } from './LeverageControl';
import { PositionModeControl } from './PositionModeControl';
import { TradeFacts } from './TradeFacts';
import { Segmented } from './Segmented';
import { sideFor, type Tone } from './tone';
import { initialTradeForm, limitPriceOf, tradeFormReducer, waitsForBook } from '../../../shared/trading/tradeFormState';

/** Limit and Market orders, and TP/SL: an order of either kind with take-profit and stop-loss prices. */
type OrderKind = 'limit' | 'market' | 'tpsl';

/** A price from the order book; `seq` makes a second click on the same price count. */
export interface PickedPrice {
  price: string;
  seq: number;
}

export interface TradePanelProps {
  symbol: string;
  /** Mark price (else last): what a market order is costed at and where the limit price starts without a book. */
  referencePrice: number;
  tickSize: string | null;
  lotSize: string;
  bookTop?: BookTopStore;
  uid: number | null;
  signedIn: boolean;
  /** USDT available in the futures wallet; null until the page has read it. */
  available: string | null;
  /** The wallet's last read failed (then `available` is the read before, or null). */
  balanceFailed?: boolean;
  positions: readonly FuturesPositionRow[];
  leverage: SideLeverage;
  onLeverage: (side: FuturesSide, leverage: number) => void;
  /** Shows one button only (the phone sheet picks it). */
  tone?: Tone;
  pickedPrice?: PickedPrice | null;
  onPlaced?: () => void;
}

/** The trade tab's text fields. */
type FuturesField = 'amount' | 'takeProfit' | 'stopLoss';
/** The book default is taken once, whichever button is pressed. */
const BOOK_DEFAULT = 'once';

/** The Trade tab of spec 2 §2: mount it with key={coin id} so a new contract starts clean. */
export function TradePanel(props: TradePanelProps) {
  const { symbol, referencePrice, tickSize, lotSize, bookTop, uid, signedIn, available, balanceFailed = false, positions, leverage, onLeverage, tone: fixedTone, pickedPrice, onPlaced } = props;
  const { t } = useLingui();
  const contractText = useContractText();
  const [action, setAction] = useState<PositionAction>('open');
  const [mode, setMode] = useState<MarginMode>('isolated');
  const [kind, setKind] = useState<OrderKind>('limit');
  const [tpslEntry, setTpslEntry] = useState<FuturesOrderType>('limit');
  const [form, dispatch] = useReducer(tradeFormReducer<FuturesField, FuturesProblem, Tone>, pickedPrice?.seq ?? 0, (seen) =>
    initialTradeForm<FuturesField, FuturesProblem, Tone>({ amount: '', takeProfit: '', stopLoss: '' }, seen),
  );
  const { amount, takeProfit, stopLoss } = form.fields;
  const { error, submitting } = form;
  const setField = (name: FuturesField, value: string) => dispatch({ type: 'field', name, value });
  /** The server's refusal of an unverified identity, kept on screen with a way to verify. */
  const [identityNote, setIdentityNote] = useState<string | null>(null);
  const { notice, show, close } = useTradeNotice(FUTURES_NOTIFICATION_MS);
  const defaultTone = fixedTone ?? 'buy';
  const availableId = useId();

  // The limit price starts from the live book once, then is left alone: the field never moves under the user.
  const waitingForBook = waitsForBook(form, BOOK_DEFAULT);
  const top = useBookTop(bookTop, symbol, waitingForBook);
  if (waitingForBook && top) dispatch({ type: 'bookDefault', for: BOOK_DEFAULT, price: defaultLimitPrice(defaultTone, top, referencePrice, tickSize) });
  const limitPrice = limitPriceOf(form, BOOK_DEFAULT, () => defaultLimitPrice(defaultTone, null, referencePrice, tickSize));
  if (pickedPrice && pickedPrice.seq !== form.seenPick) dispatch({ type: 'pick', seq: pickedPrice.seq, price: pickedPrice.price, applies: true });

  const orderType: FuturesOrderType = action === 'close' ? 'market' : kind === 'tpsl' ? tpslEntry : kind;
  const price = orderType === 'market' ? priceText(referencePrice, tickSize) : limitPrice;
  const tones: Tone[] = fixedTone ? [fixedTone] : ['buy', 'sell'];
  const sideLeverage = (tone: Tone) => leverage[sideFor('open', tone)];
  // The slider's share is costed at the lower of the form's leverages, so its amount is affordable on either button.
  const sliderLeverage = Math.min(...tones.map(sideLeverage));
  const rates = useFuturesFeeRates(uid);
  const percent = action === 'open' && available !== null ? percentForAmount(amount, available, sliderLeverage, price, rates.reserve) : 0;
  const cross = crossWallet(available, positions);
  // An opening order waits for the wallet's first read: refused against a balance not yet known, it would
  // tell a trader with funds that they have none. After a failed read the server's own check decides.
  const waitingForBalance = signedIn && action === 'open' && available === null && !balanceFailed;
  const shareOf = (share: number) => (available === null ? '' : amountForPercent(share, available, sliderLeverage, price, lotSize, rates.reserve));

  async function submit(tone: Tone) {
    if (waitingForBalance) return;
    const side = sideFor(action, tone);
    const tpsl = action === 'open' && kind === 'tpsl';
    const problem = validateFuturesTrade({
      signedIn,
      uid,
      action,
      side,
      amount,
      price,
      takeProfit: tpsl ? takeProfit : '',
      stopLoss: tpsl ? stopLoss : '',
      leverage: leverage[side],
      available,
      lot: lotSize,
      reserveRate: rates.reserve,
    });
    dispatch({ type: 'checked', problem });
    if (problem || uid === null) return;
    dispatch({ type: 'submit', busy: tone });
    try {
      const answer = await placeFuturesOrder(
        {
          uid,
          symbol,
          action,
          side,
          marginMode: mode,
          orderType,
          leverage: leverage[side],
          price,
          amount,
          takeProfit: tpsl ? takeProfit : undefined,
          stopLoss: tpsl ? stopLoss : undefined,
        },
        crypto.randomUUID(),
      );
      show('success', contractText(answer.message));
      dispatch({ type: 'placed', clear: 'amount' });
      onPlaced?.();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === errorCodes.identityNotVerified) setIdentityNote(contractText(failure.serverMessage ?? verificationMessages.futuresIdentityRequired));
      else if (failure instanceof ApiError) show('error', contractText(failure.serverMessage ?? futuresMessages.apiError(failure.status)));
      else if (failure instanceof NetworkError) show('error', contractText(futuresMessages.networkError));
      else show('error', contractText(futuresMessages.tradeFailed));
    } finally {
      dispatch({ type: 'settled' });
    }
  }

  const kinds = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  const buttonLabel = (tone: Tone) =>
    action === 'open' ? (tone === 'buy' ? t`Buy / Long` : t`Sell / Short`) : tone === 'buy' ? t`Close Short` : t`Close Long`;
  const liquidation = (tone: Tone) => previewLiquidationPrice({ side: sideFor('open', tone), mode, price, amount, leverage: sideLeverage(tone), cross });

  return (
    <form className="spot-form fut-form" onSubmit={(event) => event.preventDefault()} noValidate aria-label={t`Futures order ${symbol}`}>
      {!signedIn && (
        <p className="fut-form__login" role="note">
          {contractText(futuresMessages.loginToAccess)}
        </p>
      )}
      <Segmented
        label={t`Position`}
        value={action}
        onChange={(next) => {
          setAction(next);
          dispatch({ type: 'clearError' });
        }}
        options={[
          { value: 'open', label: t`Open` },
          { value: 'close', label: t`Close` },
        ]}
      />
      <div className="fut-form__row">
        <Segmented
          label={t`Margin mode`}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'isolated', label: t`Isolated` },
            { value: 'cross', label: t`Cross` },
          ]}
        />
        <PositionModeControl signedIn={signedIn} />
      </div>
      <LeverageControl
        instId={swapInstId(symbol)}
        mode={mode}
        signedIn={signedIn}
        leverage={leverage}
        onLeverage={onLeverage}
        sides={tones.map((tone) => sideFor('open', tone))}
      />
      {action === 'open' && (
        <div className="spot-form__types" role="tablist" aria-label={t`Order type`} {...kinds}>
          {(
            [
              ['limit', t`Limit`],
              ['market', t`Market`],
              ['tpsl', t`TP/SL`],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={kind === value}
              className={clsx('spot-form__type', kind === value && 'is-active')}
              onClick={() => setKind(value)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {action === 'open' && kind === 'tpsl' && (
        <Segmented
          label={t`Entry order`}
          value={tpslEntry}
          onChange={setTpslEntry}
          options={[
            { value: 'limit', label: t`Limit entry` },
            { value: 'market', label: t`Market entry` },
          ]}
        />
      )}
      <label className="spot-form__field">
        <span className="spot-form__label">
          <Trans>Price</Trans>
        </span>
        {orderType === 'market' ? (
          <input className="spot-form__input" aria-label={t`Price`} value={t`Market`} disabled />
        ) : (
          <NumberInput className="spot-form__input" aria-label={t`Price`} value={limitPrice} onValueChange={(value) => dispatch({ type: 'price', value })} />
        )}
        <span className="spot-form__unit">USDT</span>
      </label>
      <label className="spot-form__field">
        <span className="spot-form__label">
          <Trans>Amount</Trans>
        </span>
        <NumberInput className="spot-form__input" aria-label={t`Amount`} placeholder="0.00000" value={amount} onValueChange={(value) => setField('amount', value)} />
        <span className="spot-form__unit">{symbol}</span>
      </label>
      {action === 'open' && (
        <div className="spot-form__slider">
          <input
            type="range"
            min={0}
            max={100}
            step={FUTURES_SLIDER_STEP}
            value={percent}
            aria-label={t`Share of available margin`}
            aria-valuetext={`${formatFixed(percent, 2)}%`}
            disabled={available === null}
            onChange={(event) => setField('amount', shareOf(Number(event.target.value)))}
          />
          <div className="spot-form__marks">
            {SLIDER_MARKS.map((mark) => (
              <button
                key={mark}
                type="button"
                className={clsx('spot-form__mark', percent >= mark && 'is-on')}
                disabled={available === null}
                onClick={() => setField('amount', shareOf(mark))}
              >
                {mark}%
              </button>
            ))}
          </div>
        </div>
      )}
      {action === 'open' && kind === 'tpsl' && (
        <>
          <label className="spot-form__field">
            <span className="spot-form__label">
              <Trans>Take profit</Trans>
            </span>
            <NumberInput className="spot-form__input" aria-label={t`Take profit`} value={takeProfit} onValueChange={(value) => setField('takeProfit', value)} />
            <span className="spot-form__unit">USDT</span>
          </label>
          <label className="spot-form__field">
            <span className="spot-form__label">
              <Trans>Stop loss</Trans>
            </span>
            <NumberInput className="spot-form__input" aria-label={t`Stop loss`} value={stopLoss} onValueChange={(value) => setField('stopLoss', value)} />
            <span className="spot-form__unit">USDT</span>
          </label>
        </>
      )}
      <TradeFacts
        signedIn={signedIn}
        available={available}
        balanceFailed={balanceFailed}
        availableId={availableId}
        costs={action === 'open' ? tones.map((tone) => ({ tone, cost: orderCost(price, amount, sideLeverage(tone)), liquidation: liquidation(tone) })) : []}
        fee={orderFee(price, amount, rates.taker)}
        feeRate={rates.taker}
        markPrice={orderType === 'market' ? price : undefined}
      />
      {error && (
        <p className="spot-form__error" role="alert">
          {contractText(error)}
        </p>
      )}
      {identityNote && (
        <p className="fut-form__identity" role="alert">
          <span>{identityNote}</span>
          <Link to="/account/profile/verify" className="btn btn-primary btn-sm">
            <Trans>Verify</Trans>
          </Link>
        </p>
      )}
      {signedIn ? (
        <div className={clsx('fut-form__buttons', tones.length === 1 && 'fut-form__buttons--one')}>
          {tones.map((tone) => (
            <button
              key={tone}
              type="button"
              className={clsx('spot-form__submit', `spot-form__submit--${tone}`)}
              disabled={submitting !== null || waitingForBalance}
              aria-describedby={waitingForBalance ? availableId : undefined}
              onClick={() => submit(tone)}
            >
              {submitting === tone ? t`Placing order...` : buttonLabel(tone)}
            </button>
          ))}
        </div>
      ) : (
        <Link to="/login" className="spot-form__submit spot-form__submit--login">
          {contractText(futuresMessages.loginToTradeButton)}
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
