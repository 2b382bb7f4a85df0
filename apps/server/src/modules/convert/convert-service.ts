import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CONVERT_TOLERANCE, convertMessages, type ConversionResponse } from '@exchange/contract';
import { AppError, codedError } from '../../errors.js';
import { LedgerBusy } from '../../ledger/errors.js';
import type { Answer, Idempotency, KeyedRequest } from '../../ledger/idempotency.js';
import type { Ledger, LedgerTx } from '../../ledger/ledger.js';
import { accountRef, type AccountRef } from '../../ledger/postings.js';
import { coinBySymbol, instId, QUOTE_ASSET, type Coin } from '../../shared/catalogue.js';
import { Coalesced } from '../../shared/coalesced.js';
import { Dec } from '../../shared/decimal.js';
import type { SpotOrders } from '../spot/index.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import { QuoteBook, type Quote } from './quote-book.js';
import { CONVERTED_DECIMALS, rates, walkBook, withinTolerance, type Level } from './quote-math.js';
import { conversionsWriter } from './records.js';

/** The counterparty of every conversion; it hedges each one on the spot market (docs/convert.md). */
export const DESK = 'system:convert-desk';
const BOOK_LEVELS = 400;
const spot = (owner: string, asset: string): AccountRef => accountRef(owner, asset, 'spot');

/** A checked conversion: one side USDT, the other a tradable coin. */
export interface Pair {
  from: string;
  to: string;
  coin: Coin;
  /** The user buys the coin (USDT → coin). */
  buying: boolean;
}

export interface ConvertRequest {
  userId: string;
  pair: Pair;
  amount: Dec;
  converted: Dec;
  quoteId: string | null;
  idempotency?: KeyedRequest;
}

export interface ConvertOptions {
  ledger: Ledger;
  venues: Venues;
  spot: SpotOrders;
  idempotency: Idempotency;
  log: FastifyBaseLogger;
  now: () => Date;
}

const nowMs = (opts: ConvertOptions): number => opts.now().getTime();

/** USDT and a tradable coin, in either order; anything else is refused in plain words. */
export function pairOf(from: string, to: string): Pair {
  const f = from.trim().toUpperCase();
  const t = to.trim().toUpperCase();
  if (f === t) throw new AppError(400, convertMessages.sameCurrency, 'SAME_CURRENCY');
  if (f !== QUOTE_ASSET && t !== QUOTE_ASSET) throw new AppError(400, convertMessages.usdtSide, 'USDT_SIDE');
  const symbol = f === QUOTE_ASSET ? t : f;
  const coin = coinBySymbol(symbol);
  if (!coin || !coin.is_tradable) throw codedError(400, 'UNKNOWN_CURRENCY', 'convert.unknownCurrency', { symbol });
  return { from: f, to: t, coin, buying: f === QUOTE_ASSET };
}

/**
 * Conversions: firm quotes from what the spot book really fills, executed against the convert desk
 * (a system account) at exactly the quoted amounts with no fee, and hedged by the desk on the spot
 * market right after, so its inventory stays near flat (docs/convert.md).
 */
export class ConvertService {
  readonly quotes: QuoteBook;
  private hedgeIds = 0;
  /** Per coin of the catalogue: hedges asked for while one runs are one hedge, of the inventory as it is then. */
  private readonly hedging = new Map<string, Coalesced>();

  constructor(private readonly opts: ConvertOptions) {
    this.quotes = new QuoteBook(() => nowMs(opts));
  }

  /** A firm quote for `amount` of `pair.from`, valid CONVERT_QUOTE_TTL_MS. */
  quote(pair: Pair, amount: Dec): Quote {
    const fill = this.fill(pair, amount);
    return this.quotes.issue({ from: pair.from, to: pair.to, amount, out: fill.out, coins: fill.coins });
  }

  async convert(req: ConvertRequest): Promise<{ answer: ConversionResponse; replayed: boolean }> {
    // A retry with the same key replays the first answer: the quote it spent is not looked at again.
    return this.opts.idempotency.answer<ConversionResponse>(req.userId, req.idempotency, 200, (answer) => this.execute(req, answer));
  }

  private async execute(req: ConvertRequest, answer?: Answer<ConversionResponse>): Promise<ConversionResponse> {
    const quote = this.resolveQuote(req);
    if (req.quoteId !== null) this.quotes.take(req.quoteId);
    try {
      const body = await this.opts.ledger.transact({ reads: [spot(req.userId, req.pair.from)], run: this.apply.bind(this, req, quote, answer) });
      this.hedge(req.pair.coin);
      return body;
    } catch (err) {
      // A refused conversion gives its quote back: the user may fix the balance, or wait out a full queue, and convert again.
      if (req.quoteId !== null && err instanceof AppError && (err.statusCode < 500 || err instanceof LedgerBusy)) this.quotes.restore(quote);
      throw err;
    }
  }

  /**
   * With a quote id: that quote, unexpired, for this pair and amount, and the client's converted
   * amount equal to it. Without one (a client of spec 2 alone, which prices from the coin list): a
   * live quote, when the client's figure is within CONVERT_TOLERANCE of it.
   */
  private resolveQuote(req: ConvertRequest): Quote {
    const { pair, amount, converted } = req;
    if (req.quoteId !== null) {
      const q = this.quotes.get(req.quoteId);
      if (!q) throw new AppError(400, convertMessages.quoteNotFound, 'QUOTE_NOT_FOUND');
      if (q.expiresAt <= nowMs(this.opts)) throw new AppError(400, convertMessages.quoteExpired, 'QUOTE_EXPIRED');
      if (q.from !== pair.from || q.to !== pair.to || !q.amount.eq(amount)) throw new AppError(400, convertMessages.quoteMismatch, 'QUOTE_MISMATCH');
      if (!q.out.eq(converted)) throw codedError(400, 'CONVERTED_MISMATCH', 'convert.convertedMismatch', { expected: q.out.toFixed() });
      return q;
    }
    const live = this.quote(pair, amount);
    this.quotes.take(live.id);
    if (!withinTolerance(converted, live.out, CONVERT_TOLERANCE)) {
      const { rate } = rates(amount, live.out);
      throw codedError(400, 'RATE_MOVED', 'convert.rateMoved', { rate: rate.toFixed(), from: pair.from, to: pair.to });
    }
    return live;
  }

  private apply(req: ConvertRequest, quote: Quote, answer: Answer<ConversionResponse> | undefined, tx: LedgerTx): ConversionResponse {
    const { pair, userId } = req;
    const from = spot(userId, pair.from);
    if (tx.available(from).lt(quote.amount)) {
      throw tx.shortOf(from, new AppError(400, convertMessages.insufficientBalance, 'INSUFFICIENT_BALANCE'));
    }
    const id = randomUUID();
    tx.post({
      kind: 'conversion',
      userId,
      ref: id,
      legs: [
        { account: from, amount: quote.amount.neg() },
        { account: spot(DESK, pair.from), amount: quote.amount },
        { account: spot(DESK, pair.to), amount: quote.out.neg() },
        { account: spot(userId, pair.to), amount: quote.out },
      ],
    });
    const { rate } = rates(quote.amount, quote.out);
    const createdAt = this.opts.now();
    tx.record(conversionsWriter, {
      id,
      userId,
      from: pair.from,
      to: pair.to,
      amount: quote.amount.toFixed(),
      converted: quote.out.toFixed(),
      rate: rate.toFixed(),
      quoteId: req.quoteId,
      createdAt,
    });
    const body: ConversionResponse = {
      success: true,
      message: convertMessages.submitted(quote.amount.toFixed(), pair.from, quote.out.toFixed(), pair.to),
      conversion: {
        id,
        created_at: createdAt.toISOString(),
        convert_from: pair.from,
        convert_to: pair.to,
        amount: quote.amount.toFixed(),
        converted_amount: quote.out.toFixed(),
        rate: rate.toFixed(),
      },
    };
    if (answer) tx.record(this.opts.idempotency.answers, answer(200, body));
    return body;
  }

  private fill(pair: Pair, amount: Dec) {
    const venue = this.venueOf(pair.coin);
    if (amount.decimalPlaces() > CONVERTED_DECIMALS) throw new AppError(400, convertMessages.invalidAmount, 'VALIDATION');
    const depth = venue.depth(BOOK_LEVELS);
    const side = pair.buying ? depth.asks : depth.bids;
    const levels: Level[] = side.map((l) => ({ price: new Dec(venue.prices.format(l.price)), qty: new Dec(venue.lots.format(l.qty)) }));
    const fill = walkBook(levels, pair.buying, amount);
    if (!fill) throw new AppError(400, convertMessages.noLiquidity, 'NO_LIQUIDITY');
    if (fill.out.isZero()) throw new AppError(400, convertMessages.tooSmall, 'TOO_SMALL');
    return fill;
  }

  /**
   * Trades the desk's coin inventory back toward zero on the spot market, in whole lots, one hedge
   * per coin at a time (each reads the inventory as the conversions before it left it, so one hedge
   * after the running one covers every conversion made meanwhile).
   */
  private hedge(coin: Coin): void {
    let hedges = this.hedging.get(coin.symbol);
    if (!hedges) {
      hedges = new Coalesced();
      this.hedging.set(coin.symbol, hedges);
    }
    void hedges.run(() => this.hedgeNow(coin).catch((err: unknown) => this.opts.log.error({ err, coin: coin.symbol }, 'convert desk hedge failed')));
  }

  private async hedgeNow(coin: Coin): Promise<void> {
    const venue = this.venueOf(coin);
    const inventory = this.opts.ledger.cachedAvailable(spot(DESK, coin.symbol)) ?? new Dec(0);
    const lots = venue.lots.ticksOf(inventory.abs().toFixed());
    if (lots === 0) return;
    this.hedgeIds += 1;
    await this.opts.spot.submitSystem(venue.instId, [
      { type: 'market', id: `convert-hedge-${process.pid}-${this.hedgeIds}`, owner: DESK, side: inventory.lt(0) ? 'buy' : 'sell', qty: lots },
    ]);
  }

  /** Resolves once every hedge started so far has been sent. */
  async idle(): Promise<void> {
    await Promise.all([...this.hedging.values()].map((h) => h.idle()));
  }

  private venueOf(coin: Coin): Venue {
    const venue = this.opts.venues.get(instId(coin.symbol));
    if (!venue) throw codedError(400, 'UNKNOWN_CURRENCY', 'convert.unknownCurrency', { symbol: coin.symbol });
    return venue;
  }
}
