import { msg } from '@lingui/core/macro';
import { tourTarget, type TourStep } from '../../../shared/tour/types';

/** Seen flag of the conversion walkthrough (spec 2 §4: one seen flag per guided tour). */
export const conversionTourKey = 'hasSeenConversionWalkthrough';

/** Spec 2 §2 and §4: nine steps, highlights of 4 to 6 s each. */
export const conversionTour: readonly TourStep[] = [
  {
    kind: 'welcome',
    title: msg`Welcome to Convert`,
    text: msg`Swap USDT and other coins in one step, with no fees and no slippage. This short tour shows you how.`,
    facts: [msg`7 quick steps`, msg`About 1 min`],
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-from'),
    title: msg`What you pay`,
    text: msg`Type the amount to convert. Your available Spot balance is shown above the box.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-swap'),
    title: msg`Swap direction`,
    text: msg`Turn the conversion round: buy a coin with USDT, or sell a coin for USDT.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-to'),
    title: msg`What you receive`,
    text: msg`Pick the coin from the list, searchable by symbol or name, with a Stablecoins filter. You can also type the amount you want to receive.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-quote'),
    title: msg`A firm quote`,
    text: msg`This is the rate you get. It holds for 10 seconds, and a new quote comes automatically when the countdown ends.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-submit'),
    title: msg`Convert`,
    text: msg`Press Convert to swap at the quoted rate. Your balances update as soon as it is done.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-history'),
    title: msg`Your history`,
    text: msg`Every conversion you make is listed here, newest first.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('convert-benefits'),
    title: msg`Why Convert`,
    text: msg`No fees, no slippage and instant settlement. The questions below answer the rest.`,
    durationMs: 4000,
  },
  {
    kind: 'completion',
    title: msg`You are all set`,
    text: msg`You know how to convert. Restart this tour any time from the Need Help? panel.`,
  },
];
