import { describe, expect, it } from 'vitest';
import { futuresMessages } from '@exchange/contract';
import {
  amountForPercent,
  feePercent,
  marginNeeded,
  parseLeverage,
  orderCost,
  orderFee,
  percentForAmount,
  validateFuturesTrade,
  type FuturesTradeInput,
} from '../src/features/futures/form/futuresForm';
import { crossWallet, previewLiquidationPrice } from '../src/features/futures/form/liquidationPreview';
import { calculate } from '../src/features/futures/form/toolsCalculator';
import { sideFor } from '../src/features/futures/form/tone';
import { futuresOrderQuery } from '../src/features/futures/api/futuresApi';
import { countdown, dayRange, fundingPercent, referencePrice } from '../src/features/futures/header/headerFigures';
import { newlyLiquidated } from '../src/features/futures/data/usePositions';
import { futuresFeeRatesOf } from '../src/features/futures/data/useFuturesFeeRates';
import { positionFigures } from '../src/features/futures/orders/positionFigures';
import { contract, positionRow } from './futures-test-utils';

describe('futures form figures (spec 2 §5)', () => {
  it('costs an order at price × amount / leverage, with a 0.05 % fee of price × amount', () => {
    expect(Number(orderCost('60000', '1', 20))).toBe(3000);
    expect(Number(orderCost('60000', '0.5', 100))).toBe(300);
    expect(Number(orderFee('60000', '1'))).toBe(30);
    expect(Number(marginNeeded('60000', '1', 20))).toBe(3030);
    expect(Number(orderCost('', '1', 20))).toBe(0);
  });

  it('turns the slider share of the futures USDT into an amount on the lot, the fee set aside', () => {
    // 1,000 USDT × 100 % × 20 / (100 × (1 + 20 × 0.0005)) = 198.0198… → 198.019 on a 0.001 lot.
    expect(amountForPercent(100, '1000', 20, '100', '0.001')).toBe('198.019');
    expect(Number(marginNeeded('100', '198.019', 20))).toBeLessThanOrEqual(1000);
    // Steps of 0.01 %: 12.34 % of the same.
    expect(amountForPercent(12.34, '1000', 20, '100', '0.001')).toBe('24.435');
    expect(amountForPercent(0, '1000', 20, '100', '0.001')).toBe('');
    expect(amountForPercent(50, '0', 20, '100', '0.001')).toBe('');
    expect(amountForPercent(50, '1000', 20, '', '0.001')).toBe('');
  });

  it('puts the slider where a typed amount sits, to 0.01 %', () => {
    expect(percentForAmount('198.019', '1000', 20, '100')).toBe(100);
    expect(percentForAmount('10', '1000', 20, '100')).toBe(5.05);
    expect(percentForAmount('', '1000', 20, '100')).toBe(0);
  });

  it("reckons with the user's tier rates: the fee at the taker rate, the hold and the slider at the higher of maker and taker (issue 43)", () => {
    const rates = futuresFeeRatesOf({ futures_maker_rate: '0.00125', futures_taker_rate: '0.0008' });
    expect(rates).toEqual({ taker: '0.0008', reserve: '0.00125' });
    expect(futuresFeeRatesOf({ futures_maker_rate: '0.0001', futures_taker_rate: '0.0008' }).reserve).toBe('0.0008');
    expect(orderFee('60000', '1', rates.taker)).toBe('48.000000000000000000');
    // A rate with five decimals is kept whole: 60,000 / 20 + 60,000 × 0.00125.
    expect(marginNeeded('60000', '1', 20, rates.reserve)).toBe('3075');
    // 1,000 × 20 / (100 × (1 + 20 × 0.00125)) = 195.1219… → 195.121, which the hold covers.
    expect(amountForPercent(100, '1000', 20, '100', '0.001', rates.reserve)).toBe('195.121');
    expect(Number(marginNeeded('100', '195.121', 20, rates.reserve))).toBeLessThanOrEqual(1000);
    expect(percentForAmount('195.121', '1000', 20, '100', rates.reserve)).toBe(100);
    const input = { signedIn: true, uid: 1, action: 'open', side: 'long', amount: '1', price: '60000', takeProfit: '', stopLoss: '', leverage: 20, available: '3050', lot: '0.001' } as const;
    expect(validateFuturesTrade(input)).toBeNull();
    expect(validateFuturesTrade({ ...input, reserveRate: rates.reserve })).not.toBeNull();
  });

  it('writes a fee rate as its percentage in the language of the page, every digit kept', () => {
    expect([feePercent('0.0005'), feePercent('0.00125'), feePercent('0.001')]).toEqual(['0.05', '0.125', '0.10']);
  });

  it('takes a typed leverage only as a whole number from 1 to the cap', () => {
    expect(['1', '7', '125', ' 33 '].map((v) => parseLeverage(v, 125))).toEqual([1, 7, 125, 33]);
    expect(['0', '126', '2.5', '', 'x', '-3'].map((v) => parseLeverage(v, 125))).toEqual([null, null, null, null, null, null]);
    expect(parseLeverage('101', 100)).toBeNull();
  });

  it('maps the two buttons to the side they open or close', () => {
    expect([sideFor('open', 'buy'), sideFor('open', 'sell'), sideFor('close', 'buy'), sideFor('close', 'sell')]).toEqual(['long', 'short', 'short', 'long']);
  });
});

describe('futures validation (spec 2 §5)', () => {
  const base: FuturesTradeInput = {
    signedIn: true,
    uid: 42,
    action: 'open',
    side: 'long',
    amount: '0.1',
    price: '60000',
    takeProfit: '',
    stopLoss: '',
    leverage: 20,
    available: '1000',
    lot: '0.001',
  };

  it('checks sign-in, user id, amount and price in the spec order', () => {
    expect(validateFuturesTrade({ ...base, signedIn: false, amount: '' })).toBe(futuresMessages.authRequired);
    expect(validateFuturesTrade({ ...base, uid: null, amount: '' })).toBe(futuresMessages.userIdRequired);
    expect(validateFuturesTrade({ ...base, amount: '0' })).toBe(futuresMessages.invalidAmount);
    expect(validateFuturesTrade({ ...base, price: '' })).toBe(futuresMessages.invalidPrice);
    expect(validateFuturesTrade(base)).toBeNull();
  });

  it('checks take-profit and stop-loss against the side', () => {
    expect(validateFuturesTrade({ ...base, takeProfit: '59000' })).toBe(futuresMessages.takeProfitSide);
    expect(validateFuturesTrade({ ...base, stopLoss: '61000' })).toBe(futuresMessages.stopLossSide);
    expect(validateFuturesTrade({ ...base, takeProfit: '65000', stopLoss: '58000' })).toBeNull();
    expect(validateFuturesTrade({ ...base, side: 'short', takeProfit: '65000' })).toBe(futuresMessages.takeProfitSide);
    expect(validateFuturesTrade({ ...base, side: 'short', takeProfit: '55000', stopLoss: '62000' })).toBeNull();
  });

  it('refuses an amount off the lot and more margin and fee than the wallet has', () => {
    expect(validateFuturesTrade({ ...base, amount: '0.0005' })).toMatchObject({ id: expect.stringContaining('multiple of') });
    // 0.5 BTC at 60,000 × 20: 1,500 margin + 15 fee > 1,000.
    const problem = validateFuturesTrade({ ...base, amount: '0.5' });
    expect(problem).toMatchObject({ values: { need: '1,515.00000', have: '1,000.00000' } });
  });

  it('leaves the margin to the server while the wallet is unknown, never reckoning it as 0', () => {
    expect(validateFuturesTrade({ ...base, available: null, amount: '0.5' })).toBeNull();
    expect(validateFuturesTrade({ ...base, available: null, amount: '0.0005' })).toMatchObject({ id: expect.stringContaining('multiple of') });
  });

  it('checks only amount and lot for a market close', () => {
    expect(validateFuturesTrade({ ...base, action: 'close', price: '', amount: '5' })).toBeNull();
    expect(validateFuturesTrade({ ...base, action: 'close', amount: '' })).toBe(futuresMessages.invalidAmount);
  });
});

describe('the liquidation preview uses @exchange/risk (issue 14 table)', () => {
  const cross = crossWallet('0', []);
  it('reproduces the hand-checked prices of 1 BTC at 60,000', () => {
    const at = (side: 'long' | 'short', leverage: number) =>
      previewLiquidationPrice({ side, mode: 'isolated', price: '60000', amount: '1', leverage, cross })?.toFixed(2);
    expect(at('long', 20)).toBe('57236.18');
    expect(at('short', 20)).toBe('62736.32');
    expect(at('long', 100)).toBe('59648.24');
    expect(at('short', 100)).toBe('60348.26');
    expect(previewLiquidationPrice({ side: 'long', mode: 'isolated', price: '60000', amount: '', leverage: 20, cross })).toBeNull();
  });

  it('takes the whole wallet for cross margin, so a cross long sits further away than an isolated one', () => {
    const wallet = crossWallet('10000', [positionRow({ position_type: 'cross', margin: '500' })]);
    expect(wallet?.balance).toBe(10500);
    const crossPrice = previewLiquidationPrice({ side: 'long', mode: 'cross', price: '60000', amount: '1', leverage: 20, cross: wallet }) ?? 0;
    expect(crossPrice).toBeLessThan(57236.18);
  });

  it('has no cross price while the wallet is unknown, but an isolated one', () => {
    const unknown = crossWallet(null, []);
    expect(unknown).toBeNull();
    expect(previewLiquidationPrice({ side: 'long', mode: 'cross', price: '60000', amount: '1', leverage: 20, cross: unknown })).toBeNull();
    expect(previewLiquidationPrice({ side: 'long', mode: 'isolated', price: '60000', amount: '1', leverage: 20, cross: unknown })?.toFixed(2)).toBe('57236.18');
  });

  it('calculates margin, profit, return and liquidation in the Tools tab', () => {
    const result = calculate({ side: 'long', leverage: 20, entry: '60000', exit: '63000', amount: '1' });
    expect(result).toMatchObject({ margin: 3000, pnl: 3000, returnPercent: 100 });
    expect(result?.liquidationPrice.toFixed(2)).toBe('57236.18');
    expect(calculate({ side: 'short', leverage: 20, entry: '60000', exit: '', amount: '1' })?.pnl).toBeNull();
  });
});

describe('the order query (spec 2 §2, §7)', () => {
  const input = { uid: 42, symbol: 'BTC', side: 'long' as const, marginMode: 'isolated' as const, leverage: 20, price: '60000', amount: '0.1' };
  it('sends BUY MORE to open and SELL SHORT to close, with the side', () => {
    expect(futuresOrderQuery({ ...input, action: 'open', orderType: 'limit' })).toEqual({
      uid: '42',
      transaction_type: 'BUY MORE',
      position_action: 'open',
      symbol: 'BTC',
      side: 'long',
      margin_mode: 'isolated',
      order_type: 'limit',
      leverage: '20',
      entry_price: '60000',
      amount: '0.1',
      take_profit: undefined,
      stop_loss: undefined,
    });
    expect(futuresOrderQuery({ ...input, action: 'close', side: 'short', orderType: 'market' })).toMatchObject({
      transaction_type: 'SELL SHORT',
      position_action: 'close',
      side: 'short',
      entry_price: undefined,
    });
    expect(futuresOrderQuery({ ...input, action: 'open', orderType: 'market', takeProfit: '65000', stopLoss: '58000' })).toMatchObject({
      order_type: 'market',
      take_profit: '65000',
      stop_loss: '58000',
    });
  });
});

describe('header and positions figures', () => {
  it('falls back to 3 % around the price for the 24 h range (spec 2 §9)', () => {
    expect(dayRange({ price: 100 })).toEqual({ high: 103, low: 97 });
    expect(dayRange({ price: 100, '24_high': 110, '24_low': 90 })).toEqual({ high: 110, low: 90 });
  });

  it('counts down to funding and signs the rate', () => {
    expect(countdown(3_723_000, 0)).toBe('01:02:03');
    expect(countdown(0, 5000)).toBe('00:00:00');
    expect(fundingPercent('0.0001')).toBe('+0.0100%');
    expect(fundingPercent('-0.00005')).toBe('-0.0050%');
    expect(referencePrice(contract('61000'), 100)).toBe(61000);
    expect(referencePrice(null, 100)).toBe(100);
  });

  it('re-marks an active position at the contract mark with the server functions', () => {
    const figures = positionFigures(positionRow(), [contract('61000')]);
    expect(figures).toMatchObject({ mark: 61000, pnl: 1000, asset: 4000 });
    expect(figures.returnPercent).toBeCloseTo(33.33, 2);
    // 61,000 notional in the 0.5 % tier: 305 − 50 = 255 over 4,000 equity.
    expect(figures.marginRatio).toBeCloseTo(255 / 4000, 6);
    const closed = positionFigures(positionRow({ status: 'closed', unrealized_pnl: '0', asset: '3500', return_percentage: '16.67' }), [contract('61000')]);
    expect(closed).toMatchObject({ pnl: 0, asset: 3500, returnPercent: 16.67 });
  });

  it('finds the positions liquidated since the last poll', () => {
    const before = [positionRow({ future_id: '1' }), positionRow({ future_id: '2', status: 'liquidated' })];
    const after = [positionRow({ future_id: '1', status: 'liquidated' }), positionRow({ future_id: '2', status: 'liquidated' })];
    expect(newlyLiquidated(before, after).map((row) => row.future_id)).toEqual(['1']);
    expect(newlyLiquidated(null, after)).toEqual([]);
  });
});
