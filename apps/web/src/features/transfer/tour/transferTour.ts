import { storageKeys } from '@exchange/contract';
import { tourTarget, type TourStep } from '../../../shared/tour/types';

/** Seen flag of the transfer walkthrough (spec 3 browser storage keys). */
export const transferTourKey = storageKeys.hasSeenTransferWalkthrough;

/** Spec 3 Transfer: nine steps, highlights auto-advance after 4 to 6 s. */
export const transferTour: readonly TourStep[] = [
  {
    kind: 'welcome',
    title: 'Welcome to Transfer',
    text: 'Move funds between your Spot and Future accounts in a few clicks. Here is how it works.',
    facts: ['7 quick steps', 'About 1 min'],
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-asset'),
    title: 'Choose an asset',
    text: 'Search for the coin you want to move. The list shows every asset you can transfer.',
    durationMs: 5000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-from'),
    title: 'From account',
    text: 'Pick the account the funds leave: Spot or Future.',
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-swap'),
    title: 'Swap direction',
    text: 'One click swaps the From and To accounts.',
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-to'),
    title: 'To account',
    text: 'Pick the account that receives the funds: Spot or Future.',
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-amount'),
    title: 'Enter the amount',
    text: 'Type how much to move. Your Spot and Futures balances of this asset are shown so you know what is available.',
    durationMs: 6000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-max'),
    title: 'Use Max',
    text: 'Max fills in your whole available balance in the From account.',
    durationMs: 4000,
  },
  {
    kind: 'highlight',
    target: tourTarget('transfer-submit'),
    title: 'Confirm the transfer',
    text: 'Press Transfer to move the funds. The transfer then appears in the history below.',
    durationMs: 5000,
  },
  {
    kind: 'completion',
    title: 'You are all set',
    text: 'You know how to move funds between accounts. Restart this tour any time from the Need Help? panel.',
  },
];
