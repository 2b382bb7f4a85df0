import { describe, expect, it } from 'vitest';
import { systemOwners } from '../../src/ledger/accounts.js';
import { accountRef, type Hold } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';
import { assertTradeConserves, settleTrade } from '../../src/modules/spot/settlement.js';
import { InvariantBroken } from '../../src/shared/invariant.js';

const hold = (owner: string, asset: string, left: string): Hold => ({
  id: `${owner}-${asset}`,
  account: accountRef(owner, asset, 'spot'),
  reason: 'order',
  ref: null,
  left: new Dec(left),
  status: 'live',
});

/** Legs as "owner asset amount (hold)" lines, in order. */
function lines(legs: ReturnType<typeof settleTrade>['legs']): string[] {
  return legs.map((l) => `${l.account.owner} ${l.account.asset} ${l.amount.toFixed()}${l.hold ? ' hold' : ''}`);
}

describe('settleTrade: the legs of one trade', () => {
  it.each([
    {
      name: 'user maker sells to a user taker buying',
      base: 'BTC',
      trade: { price: '50000', qty: '0.002', takerSide: 'buy' as const },
      maker: { owner: 'seller', hold: hold('seller', 'BTC', '0.01') },
      taker: { owner: 'buyer', hold: hold('buyer', 'USDT', '200') },
      legs: [
        'seller BTC -0.002 hold',
        'seller USDT 99.9',
        `${systemOwners.fees} USDT 0.1`,
        'buyer USDT -100 hold',
        'buyer BTC 0.001998',
        `${systemOwners.fees} BTC 0.000002`,
      ],
    },
    {
      name: 'user maker buys from a user taker selling',
      base: 'ETH',
      trade: { price: '2000.5', qty: '1.5', takerSide: 'sell' as const },
      maker: { owner: 'buyer', hold: hold('buyer', 'USDT', '5000') },
      taker: { owner: 'seller', hold: hold('seller', 'ETH', '1.5') },
      legs: [
        'buyer USDT -3000.75 hold',
        'buyer ETH 1.4985',
        `${systemOwners.fees} ETH 0.0015`,
        'seller ETH -1.5 hold',
        'seller USDT 2997.74925',
        `${systemOwners.fees} USDT 3.00075`,
      ],
    },
    {
      name: 'the market maker sells to a user: it pays and receives on available, without fee',
      base: 'BTC',
      trade: { price: '100', qty: '3', takerSide: 'buy' as const },
      maker: { owner: systemOwners.marketMaker, hold: null },
      taker: { owner: 'buyer', hold: hold('buyer', 'USDT', '300') },
      legs: [
        `${systemOwners.marketMaker} BTC -3`,
        `${systemOwners.marketMaker} USDT 300`,
        'buyer USDT -300 hold',
        'buyer BTC 2.997',
        `${systemOwners.fees} BTC 0.003`,
      ],
    },
    {
      name: 'the market flow takes a user bid',
      base: 'BTC',
      trade: { price: '0.5', qty: '10', takerSide: 'sell' as const },
      maker: { owner: 'buyer', hold: hold('buyer', 'USDT', '5') },
      taker: { owner: systemOwners.marketFlow, hold: null },
      legs: [
        'buyer USDT -5 hold',
        'buyer BTC 9.99',
        `${systemOwners.fees} BTC 0.01`,
        `${systemOwners.marketFlow} BTC -10`,
        `${systemOwners.marketFlow} USDT 5`,
      ],
    },
  ])('$name', ({ trade, base, maker, taker, legs }) => {
    expect(lines(settleTrade(trade, base, maker, taker).legs)).toEqual(legs);
  });

  it('every asset sums to zero and each side reports what it paid, got and its fee', () => {
    const settled = settleTrade(
      { price: '123.45', qty: '0.37', takerSide: 'buy' },
      'SOL',
      { owner: 'maker', hold: hold('maker', 'SOL', '1') },
      { owner: 'taker', hold: hold('taker', 'USDT', '100') },
    );
    const sums = new Map<string, Dec>();
    for (const l of settled.legs) sums.set(l.account.asset, (sums.get(l.account.asset) ?? new Dec(0)).plus(l.amount));
    expect([...sums.values()].every((s) => s.isZero())).toBe(true);
    expect(settled.sides.map((s) => [s.role, s.buys, s.qty.toFixed(), s.quote.toFixed(), s.fee.toFixed(), s.feeAsset])).toEqual([
      ['maker', false, '0.37', '45.6765', '0.0456765', 'USDT'],
      ['taker', true, '0.37', '45.6765', '0.00037', 'SOL'],
    ]);
  });
});

describe('assertTradeConserves', () => {
  const spotOf = (owner: string, asset: string) => accountRef(owner, asset, 'spot');
  const leg = (owner: string, asset: string, amount: string) => ({ account: spotOf(owner, asset), amount: new Dec(amount) });
  const honest = [leg('seller', 'BTC', '-2'), leg('buyer', 'BTC', '1.998'), leg(systemOwners.fees, 'BTC', '0.002'), leg('buyer', 'USDT', '-200'), leg('seller', 'USDT', '200')];

  it('passes legs that move the traded base and quote, fee included', () => {
    expect(() => assertTradeConserves(honest, 'BTC', new Dec(2), new Dec(200))).not.toThrow();
  });

  it.each([
    ['a trade that moved the wrong amount, balanced', [leg('seller', 'BTC', '-1'), leg('buyer', 'BTC', '1'), leg('buyer', 'USDT', '-200'), leg('seller', 'USDT', '200')], /trade of 2 BTC debits 1$/],
    ['a fee larger than what it was taken from', [leg('seller', 'BTC', '-2'), leg('buyer', 'BTC', '-1'), leg(systemOwners.fees, 'BTC', '3'), leg('buyer', 'USDT', '-200'), leg('seller', 'USDT', '200')], /trade of 2 BTC debits 3$/],
    ['a leg in a third asset', [...honest, leg('seller', 'ETH', '1')], /a BTC trade has a leg in ETH/],
  ])('issue 14 #9: fires for %s', (_name, legs, message) => {
    expect(() => assertTradeConserves(legs, 'BTC', new Dec(2), new Dec(200))).toThrow(InvariantBroken);
    expect(() => assertTradeConserves(legs, 'BTC', new Dec(2), new Dec(200))).toThrow(message);
  });
});
