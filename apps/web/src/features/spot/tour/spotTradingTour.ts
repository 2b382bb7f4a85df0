import { storageKeys } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import { tourTarget, type TourStep } from '../../../shared/tour/types';

/** Seen flag of the spot trading walkthrough (spec 1 §3 browser storage keys). */
export const spotTradingTourKey = storageKeys.hasSeenSpotTradingWalkthrough;

/** Spec 1 §2: nine steps; the seven highlights auto-advance after 5, 4, 6, 5, 6, 4 and 5 s. */
export const spotTradingTour: readonly TourStep[] = [
  {
    kind: 'welcome',
    title: msg`Welcome to Spot Trading`,
    text: msg`This short tour shows you around the trading screen so you can place your first order with confidence.`,
    facts: [msg`8 key features`, msg`About 2 min`],
  },
  {
    kind: 'highlight',
    target: tourTarget('market-info'),
    title: msg`Market info and coin selection`,
    text: msg`See the current price, 24h change, high, low and volume of the pair you are trading. Click the pair name to switch coins.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('favourites'),
    title: msg`Favourites`,
    text: msg`Your favourite coins sit in this bar. Click one to jump straight to its market.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('chart'),
    title: msg`Price chart`,
    text: msg`Follow the price over time. Switch between candles and a line, and pick a timeframe: 1m, 5m, 15m or 4h.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('order-book'),
    title: msg`Order book`,
    text: msg`Open buy orders are shown in green and sell orders in red, with the running total at each price. Use the decimal buttons to change the price precision.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('trade-form'),
    title: msg`Trade form`,
    text: msg`Choose Buy or Sell, enter a price and an amount, check the total and fees, then place your order.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('orders'),
    title: msg`Your orders and assets`,
    text: msg`Track your order history and see the assets in your spot wallet here.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('coin-dropdown'),
    title: msg`Find any coin`,
    text: msg`Open this dropdown and search by name or symbol to trade another coin.`,
    durationMs: 5000,
  },
  {
    kind: 'completion',
    title: msg`You are ready to trade`,
    text: msg`That is the whole screen. You can restart this tour any time from the Need Help? panel.`,
  },
];
