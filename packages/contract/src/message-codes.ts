/**
 * Server refusals that carry values (issue 40): each has a code and an English template whose
 * `{name}` placeholders are its parameters. The server answers `{ message, code, message_code,
 * params }`: `message` is the template filled in English, for API clients and the spec's texts;
 * the web translates `message_code` with `params` through its catalogues, where the template is
 * the message id (apps/web/lingui/contractExtractor.ts extracts these). The placeholder names are
 * the ones the web's own texts use, so one translation serves both.
 */
export const codedMessages = {
  'withdraw.belowFee': 'Withdrawal amount must be greater than the network fee ({fee} {symbol}).',
  'withdraw.notOnNetwork': '{symbol} cannot be withdrawn on {network}',
  'withdraw.notPayable': '{symbol} withdrawals on {network} are not available at the moment',
  'withdraw.invalidAddress': 'This is not a valid {network} address',
  'withdraw.invalidMemo': 'This is not a valid {network} memo',
  'withdraw.lockedUntil': 'Withdrawals are locked for 24 hours after a password or email change, until {until}',
  'withdraw.dailyLimit': 'This exceeds your daily withdrawal limit of {limit} USDT ({left} USDT left today)',
  'withdraw.resendWait': 'A code was sent less than a minute ago: wait {seconds} s before asking for another',
  'deposit.notOnNetwork': '{symbol} cannot be deposited on {network}',
  'deposit.belowMinimum': 'Below the minimum deposit of {min} {symbol}: recorded, not credited',
  'deposit.networkClosed': '{network} is not open for deposits and withdrawals on this exchange',
  'deposit.aboveMaximum': 'Above the maximum of {max} {symbol} a deposit may carry: recorded, not credited',
  'deposit.unreadable': 'The amount {amount} {symbol} cannot be credited: recorded, not credited',
  'deposit.aboveCapacity': 'The exchange cannot take more {symbol} in deposits: recorded, not credited, and the operator told',
  'amount.aboveMaximum': 'The amount is above the maximum of {max} {symbol} in one operation',
  'amount.tooManyDecimals': '{symbol} on {network} has {decimals} decimals: enter at most {decimals} digits after the decimal point',
  'amount.noDecimals': '{symbol} on {network} has no decimals: enter a whole number',
  'amount.aboveCapacity': 'The exchange cannot take more {symbol} into this account: the amount is above its capacity',
  'convert.unknownCurrency': '{symbol} cannot be converted here',
  'convert.convertedMismatch': 'The converted amount does not match the quote: it is {expected}',
  'convert.rateMoved': 'The rate has moved: 1 {from} = {rate} {to} now. Please review the amount and convert again.',
  'earn.belowMinimum': 'The minimum subscription is {min} {symbol}',
  'earn.notMatured': 'This fixed-term position can be redeemed at maturity, from {date}',
  'earn.noAutoEarn': 'Auto-earn is not available for {symbol}: it has no flexible product',
  'order.priceTick': 'Price must be a multiple of {tick}',
  'order.amountLot': 'Amount must be a multiple of {lot}',
  'order.amountBelowMin': 'The least amount of an order on this market is {min}',
  'order.amountAboveMax': 'The most amount of an order on this market is {max}',
  'market.halted': 'Trading on {market} is halted by the exchange: new orders are refused, and your open orders can still be cancelled',
  'order.tooManyOrders': 'You have {max} open orders on this market, the most one account may have: cancel some first',
  'futures.insufficientMargin':
    'Insufficient margin: this order needs {need} USDT (margin and fee) and your futures wallet has {have} USDT available',
  'futures.leverageTooHigh': 'This position is too large for its leverage: at this size the most is {max}x',
  'futures.leverageOfPosition': 'Your open position on this side is at {leverage}x: orders that add to it use the same leverage',
  'futures.leverageAboveMax': 'The most leverage on {symbol} is {max}x',
  'futures.remarginShort': 'Changing the leverage to {leverage}x needs {need} USDT more margin and your futures wallet has {have} USDT available',
  'futures.marginAddShort': 'Your futures wallet has {have} USDT available: you cannot add more',
  'futures.marginReduceTooMuch': 'At most {max} USDT can be removed: the position keeps its initial margin plus its unrealised loss',
} as const;

export type MessageCode = keyof typeof codedMessages;

/** The `{name}` placeholders of a template, as a type. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters a code takes: one text per placeholder of its template. */
export type MessageParams<C extends MessageCode> = Record<Placeholders<(typeof codedMessages)[C]>, string>;

/** A refusal's code and values, as the server sends them beside `message`. */
export interface CodedMessage<C extends MessageCode = MessageCode> {
  code: C;
  params: MessageParams<C>;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names of a code's template, in order of first use. */
export function messageParamNames(code: MessageCode): string[] {
  return [...new Set([...codedMessages[code].matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(codedMessages, code);
}

/** The template of `code` with its values in: the English `message` of the answer. */
export function fillMessage<C extends MessageCode>(code: C, params: MessageParams<C>): string {
  const values = params as Record<string, string>;
  return codedMessages[code].replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** A coded message with its English text, in one call: `{ code, params, text }`. */
export function codedMessage<C extends MessageCode>(code: C, params: MessageParams<C>): CodedMessage<C> & { text: string } {
  return { code, params, text: fillMessage(code, params) };
}

let readers: { code: MessageCode; pattern: RegExp; names: string[] }[] | null = null;

/**
 * The code and values of an English text filled from a template, or null. For texts stored before
 * they had a code, such as a deposit's reason ("Below the minimum deposit of 1 USDT: recorded, not
 * credited"), which the web translates like a refusal's code.
 */
export function readCodedMessage(text: string): CodedMessage | null {
  readers ??= (Object.keys(codedMessages) as MessageCode[]).map((code) => {
    const names: string[] = [];
    const source = codedMessages[code]
      .split(PLACEHOLDER)
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (names.includes(part)) return `\\k<${part}>`;
        names.push(part);
        return `(?<${part}>.+?)`;
      })
      .join('');
    return { code, pattern: new RegExp(`^${source}$`, 's'), names };
  });
  for (const { code, pattern } of readers) {
    const groups = pattern.exec(text)?.groups;
    if (groups) return { code, params: { ...groups } } as CodedMessage;
  }
  return null;
}
