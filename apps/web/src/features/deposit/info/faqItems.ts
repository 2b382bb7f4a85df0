import { msg } from '@lingui/core/macro';
import type { FaqItem } from '../../../shared/ui/Faq';

/** The deposit page's FAQ list (spec 3 §2). */
export const depositFaqItems: readonly FaqItem[] = [
  {
    question: msg`How do I deposit crypto?`,
    answer: msg`Choose the crypto, then the network you will send it on, and send it to the address shown (with the memo, if the network needs one). The deposit appears in All deposits as soon as the chain sees it.`,
  },
  {
    question: msg`Which network should I choose?`,
    answer: msg`The same network the sending wallet or exchange uses. An address on one network cannot receive coins sent on another, and such coins may be lost.`,
  },
  {
    question: msg`Why has my deposit not arrived yet?`,
    answer: msg`A deposit is credited once the network has confirmed it enough times: the confirmations count up in All deposits. On a real chain this takes about 18 minutes.`,
  },
  {
    question: msg`Where do deposited coins go?`,
    answer: msg`To your Funding account. From there you can transfer them to Spot to trade or withdraw them.`,
  },
  {
    question: msg`What if I deposit less than the minimum?`,
    answer: msg`The deposit is recorded but not credited; All deposits shows it with the reason. Always send at least the minimum shown for the network.`,
  },
  {
    question: msg`What is the memo for?`,
    answer: msg`On XRP, Cosmos and Stellar every user deposits to the exchange's one account, and the memo tells the deposits apart. Without it a deposit cannot be credited to you.`,
  },
];
