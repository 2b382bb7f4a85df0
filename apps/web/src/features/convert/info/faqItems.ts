import { msg } from '@lingui/core/macro';
import type { FaqItem } from '../../../shared/ui/Faq';

/** The 7-item FAQ of spec 2 §2. */
export const convertFaqItems: readonly FaqItem[] = [
  {
    question: msg`What is Convert?`,
    answer: msg`Convert swaps USDT for another coin, or a coin back to USDT, in one step. You see the exact amount you will receive before you confirm.`,
  },
  {
    question: msg`Are there any fees?`,
    answer: msg`No. Convert charges no trading fee: the amount in the quote is the amount that reaches your Spot wallet.`,
  },
  {
    question: msg`What does "no slippage" mean?`,
    answer: msg`The rate is fixed when the quote is made. As long as you convert while the quote is valid, you get exactly that rate, even if the market moves.`,
  },
  {
    question: msg`How long is a quote valid?`,
    answer: msg`Each quote holds for 10 seconds. The countdown next to the rate shows the time left, and a new quote is fetched automatically when it runs out.`,
  },
  {
    question: msg`Which coins can I convert?`,
    answer: msg`You can convert USDT to any coin in the list, and any of those coins back to USDT. Use the search or the Stablecoins filter to find a coin quickly.`,
  },
  {
    question: msg`Where do the converted coins go?`,
    answer: msg`Both sides of a conversion use your Spot wallet. The new balance shows right after the conversion, and the conversion appears in your conversion history.`,
  },
  {
    question: msg`Is there a minimum or maximum amount?`,
    answer: msg`You can convert up to your available Spot balance. Very small amounts may be refused, and very large ones may need to be split when the market cannot fill them at once.`,
  },
];
