import { msg } from '@lingui/core/macro';
import type { FaqItem } from '../../../shared/ui/Faq';

/** The Earn overview's FAQ (spec 3 §2): the first item opens by default. */
export const earnFaqItems: readonly FaqItem[] = [
  {
    question: msg`What is Simple Earn?`,
    answer: msg`Simple Earn pays you interest on coins you hold. Choose a flexible product to redeem at any time, or a fixed term of 3, 7 or 30 days for a higher rate.`,
  },
  {
    question: msg`How is the interest calculated?`,
    answer: msg`Each whole UTC day you hold a product pays amount × APR / 365, rounded down to 8 decimals. Interest starts at the first 00:00 UTC after you subscribe and is paid to your funding wallet every day.`,
  },
  {
    question: msg`When can I redeem?`,
    answer: msg`Flexible products redeem instantly, at any time. A fixed-term product can be redeemed from its maturity date; it stops earning at maturity. Redeemed coins return to the wallet they came from.`,
  },
  {
    question: msg`What is Auto-earn?`,
    answer: msg`When you switch Auto-earn on for a coin, its idle balance in your funding wallet is subscribed to the flexible product once a day, so it keeps earning and stays redeemable at any time.`,
  },
  {
    question: msg`Is there a minimum amount?`,
    answer: msg`Each product shows its minimum subscription. You can subscribe as many times as you like; each subscription earns on its own.`,
  },
];
