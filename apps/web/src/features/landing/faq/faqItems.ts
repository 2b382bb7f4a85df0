import { msg } from '@lingui/core/macro';

/** Landing FAQ (spec 1 §2: the copy is generic and makes no product promise). */
export const faqItems = [
  {
    question: msg`What is a cryptocurrency exchange?`,
    answer: msg`A cryptocurrency exchange is a marketplace where you can buy, sell and trade digital assets such as Bitcoin and Ether. Prices are set by the orders of buyers and sellers.`,
  },
  {
    question: msg`What products does the exchange provide?`,
    answer: msg`You can convert between coins without fees, trade spot markets, trade perpetual futures with leverage, and earn on idle holdings with Simple Earn.`,
  },
  {
    question: msg`How do I buy Bitcoin and other cryptocurrencies?`,
    answer: msg`Create an account, deposit crypto from another wallet, then place a buy order on the spot market or use Convert for an instant swap.`,
  },
  {
    question: msg`How do I track cryptocurrency prices?`,
    answer: msg`The Markets page lists every coin with its last price and 24-hour change, updated live while the page is open.`,
  },
  {
    question: msg`Is my account secure?`,
    answer: msg`Sensitive changes such as a password reset need a code sent to your email. Use a strong password that you do not use anywhere else.`,
  },
] as const;
