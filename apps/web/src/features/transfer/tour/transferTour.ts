import { storageKeys } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import { tourTarget, type TourStep } from '../../../shared/tour/types';

/** Seen flag of the transfer walkthrough (spec 3 browser storage keys). */
export const transferTourKey = storageKeys.hasSeenTransferWalkthrough;

/** Spec 3 Transfer: nine steps, highlights auto-advance after 4 to 6 s. */
export const transferTour: readonly TourStep[] = [
  {
    kind: 'welcome',
    title: msg`Welcome to Transfer`,
    text: msg`Move funds between your Spot and Future accounts in a few clicks. Here is how it works.`,
    facts: [msg`7 quick steps`, msg`About 1 min`],
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-asset'),
    title: msg`Choose an asset`,
    text: msg`Search for the coin you want to move. The list shows every asset you can transfer.`,
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-from'),
    title: msg`From account`,
    text: msg`Pick the account the funds leave: Spot or Future.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-swap'),
    title: msg`Swap direction`,
    text: msg`One click swaps the From and To accounts.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-to'),
    title: msg`To account`,
    text: msg`Pick the account that receives the funds: Spot or Future.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-amount'),
    title: msg`Enter the amount`,
    text: msg`Type how much to move. Your Spot and Futures balances of this asset are shown so you know what is available.`,
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-max'),
    title: msg`Use Max`,
    text: msg`Max fills in your whole available balance in the From account.`,
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-submit'),
    title: msg`Confirm the transfer`,
    text: msg`Press Transfer to move the funds. The transfer then appears in the history below.`,
    durationMs: 5000,
  },
  {
    kind: 'completion',
    title: msg`You are all set`,
    text: msg`You know how to move funds between accounts. Restart this tour any time from the Need Help? panel.`,
  },
];
