/** Landing FAQ (spec 1 §2: the copy is generic and makes no product promise). */
export const faqItems = [
  {
    question: 'What is a cryptocurrency exchange?',
    answer:
      'A cryptocurrency exchange is a marketplace where you can buy, sell and trade digital assets such as Bitcoin and Ether. Prices are set by the orders of buyers and sellers.',
  },
  {
    question: 'What products does the exchange provide?',
    answer:
      'You can convert between coins without fees, trade spot markets, trade perpetual futures with leverage, and earn on idle holdings with Simple Earn.',
  },
  {
    question: 'How do I buy Bitcoin and other cryptocurrencies?',
    answer:
      'Create an account, deposit crypto from another wallet, then place a buy order on the spot market or use Convert for an instant swap.',
  },
  {
    question: 'How do I track cryptocurrency prices?',
    answer: 'The Markets page lists every coin with its last price and 24-hour change, updated live while the page is open.',
  },
  {
    question: 'Is my account secure?',
    answer:
      'Sensitive changes such as a password reset need a code sent to your email. Use a strong password that you do not use anywhere else.',
  },
] as const;
