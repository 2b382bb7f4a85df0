import { msg } from '@lingui/core/macro';
import { tourTarget, type TourStep } from '../../../shared/tour/types';

/** Seen flag of the futures walkthrough (spec 2 §3: one seen flag per guided tour). */
export const futuresTradingTourKey = 'hasSeenFuturesTradingWalkthrough';

/** Spec 2 §4: nine steps, highlights of 4 to 6 s each, about 2 minutes with reading. */
export const futuresTradingTour: readonly TourStep[] = [
  {
    kind: 'welcome',
    title: msg`Welcome to Futures Trading`,
    text: msg`This short tour shows you around the futures screen: leveraged long and short positions on perpetual contracts, margined in USDT.`,
    facts: [msg`8 key features`, msg`About 2 min`],
  },
  {
    kind: 'highlight',
    target: tourTarget('market-info'),
    title: msg`Contract info`,
    text: msg`The mark price drives profit, loss and liquidation. Next to it: the index price, the funding rate with the time to the next funding, the 24h range and the open interest.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('favourites'),
    title: msg`Favourites`,
    text: msg`Your favourite contracts sit in this bar. Click one to jump straight to it.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('chart'),
    title: msg`Price chart`,
    text: msg`Follow the price over time. Switch between candles and a line, and pick a timeframe.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('order-book'),
    title: msg`Order book`,
    text: msg`The contract's own book: bids in green, asks in red. Click a price to use it in the form.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('trade-form'),
    title: msg`Trade form`,
    text: msg`Open or close, pick isolated or cross margin and your leverage, enter a price and an amount, check the cost, fee and liquidation price, then go long or short.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('orders'),
    title: msg`Positions and assets`,
    text: msg`Your positions update live with the mark price. Close one from here; the Assets tab shows your futures wallet.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('coin-dropdown'),
    title: msg`Find any contract`,
    text: msg`Open this dropdown and search by name or symbol to trade another contract.`,
    durationMs: 4000,
  },
  {
    kind: 'completion',
    title: msg`You are ready to trade futures`,
    text: msg`Leverage multiplies losses as well as gains: start small. You can restart this tour any time from the Need Help? panel.`,
  },
];
