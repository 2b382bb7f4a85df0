import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERT_QUOTE_TTL_MS, DEFAULT_API_KEY, conversionsResponse, convertMessages, conversionCurrenciesResponse } from '@exchange/contract';
import { checkLedger, ledgerReport } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { conversionEntries, convert, convertAtQuote, quote, spotBalance } from './convert-helpers.js';

describe.each<DbKind>([FEATURE_DB])('conversions on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
  });
  afterAll(() => closeChecked(t));

  it('converts USDT to BTC and back at exactly the quoted amounts, with no fee, and the desk hedges to near flat', async () => {
    const u = await newUser(t.app);
    const q = await quote(t.app, 'USDT', 'BTC', '100');
    const book = t.app.services.venues.get('BTC-USDT');
    const ask = Number(book?.prices.format(book.bestAsk() ?? 0));
    // What the asks really give for 100 USDT: no better than the best ask, and close to it.
    expect(Number(q.converted_amount)).toBeLessThanOrEqual(100 / ask);
    expect(Number(q.converted_amount)).toBeGreaterThan((100 / ask) * 0.99);
    const done = await convertAtQuote(t.app, u, q);
    expect(done.message).toContain('conversion submitted');
    expect(done.conversion).toMatchObject({ convert_from: 'USDT', convert_to: 'BTC', amount: '100', converted_amount: q.converted_amount });
    expect((await spotBalance(t.app, u.userId, 'USDT')).toFixed()).toBe('9900');
    expect((await spotBalance(t.app, u.userId, 'BTC')).toFixed()).toBe(q.converted_amount);

    const back = await quote(t.app, 'BTC', 'USDT', q.converted_amount);
    expect(Number(back.converted_amount)).toBeLessThan(100);
    expect(Number(back.converted_amount)).toBeGreaterThan(99);
    await convertAtQuote(t.app, u, back);
    expect((await spotBalance(t.app, u.userId, 'BTC')).toFixed()).toBe('0');
    expect((await spotBalance(t.app, u.userId, 'USDT')).toFixed()).toBe(new Dec(9900).plus(back.converted_amount).toFixed());

    await t.app.services.convert.idle();
    await t.app.services.spot.idle();
    const lot = Number(book?.coin.lot_size);
    expect(Math.abs((await spotBalance(t.app, 'system:convert-desk', 'BTC')).toNumber())).toBeLessThanOrEqual(lot / 2);
    // ledger:check's report: the desk's inventory and its result, a few cents either way after a round trip.
    const report = await ledgerReport(t.app.services.db);
    expect(report.rows.some((r) => r.owner === 'system:convert-desk' && r.asset === 'USDT')).toBe(true);
    const result = /^convert desk result at last prices: (-?[\d.]+) USDT$/.exec(report.lines.find((l) => l.startsWith('convert desk')) ?? '');
    expect(result).not.toBeNull();
    expect(Math.abs(Number(result?.[1]))).toBeLessThan(2);
  });

  it('keeps every invariant and each user’s balances exact through a random run of conversions both ways', async () => {
    let seed = kind === 'pglite' ? 3 : 8;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const users = await Promise.all(Array.from({ length: 4 }, () => newUser(t.app)));
    const model = new Map(users.map((u) => [u.userId, new Map<string, Dec>([['USDT', new Dec(10000)]])]));
    const coins = ['BTC', 'ETH', 'SOL'];
    for (let round = 0; round < 6; round++) {
      const wave = users.map(async (u) => {
        const held = model.get(u.userId) as Map<string, Dec>;
        const coin = coins[Math.floor(rand() * coins.length)] as string;
        const selling = rand() < 0.4 && (held.get(coin) ?? new Dec(0)).gt(0);
        const amount = selling ? (held.get(coin) as Dec).mul(rand() < 0.3 ? 1.5 : 0.5).toDecimalPlaces(8, Dec.ROUND_DOWN) : new Dec((rand() * 3000).toFixed(2));
        if (amount.lte(0)) return;
        const q = await quote(t.app, selling ? coin : 'USDT', selling ? 'USDT' : coin, amount.toFixed());
        const res = await convert(t.app, u, { convert_from: q.convert_from, convert_to: q.convert_to, amount: q.amount, converted_amount: q.converted_amount, quote_id: q.quote_id });
        const from = held.get(q.convert_from) ?? new Dec(0);
        if (from.lt(amount)) {
          expect(res.statusCode).toBe(400);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        held.set(q.convert_from, from.minus(amount));
        held.set(q.convert_to, (held.get(q.convert_to) ?? new Dec(0)).plus(q.converted_amount));
      });
      await Promise.all(wave);
      expect(await checkLedger(t.app.services.db)).toEqual([]);
    }
    for (const u of users) {
      for (const [asset, value] of model.get(u.userId) ?? []) expect((await spotBalance(t.app, u.userId, asset)).toFixed(), asset).toBe(value.toFixed());
    }
  });

  it('refuses an expired quote, a tampered converted amount and a quote for another amount, with no journal entry', async () => {
    const u = await newUser(t.app);
    const q = await quote(t.app, 'USDT', 'ETH', '50');
    const tampered = await convert(t.app, u, { convert_from: 'USDT', convert_to: 'ETH', amount: '50', converted_amount: new Dec(q.converted_amount).mul(1.001).toFixed(8), quote_id: q.quote_id });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ message: convertMessages.convertedMismatch(q.converted_amount) });
    const other = await convert(t.app, u, { convert_from: 'USDT', convert_to: 'ETH', amount: '60', converted_amount: q.converted_amount, quote_id: q.quote_id });
    expect(other.json()).toMatchObject({ message: convertMessages.quoteMismatch });
    clock.advance(CONVERT_QUOTE_TTL_MS + 1);
    const late = await convert(t.app, u, { convert_from: 'USDT', convert_to: 'ETH', amount: '50', converted_amount: q.converted_amount, quote_id: q.quote_id });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: convertMessages.quoteExpired });
    expect(await conversionEntries(t.app, u.userId)).toBe(0);
    expect((await spotBalance(t.app, u.userId, 'USDT')).toFixed()).toBe('10000');
  });

  it('lets a client of the spec alone convert from the coin list price within 1 %, and names the rate beyond', async () => {
    const u = await newUser(t.app);
    const list = conversionCurrenciesResponse.parse((await t.app.inject({ url: `/api/v1/coin-conversions?apikey=${DEFAULT_API_KEY}` })).json());
    expect(list[0]).toMatchObject({ symbol: 'USDT', price: '1' });
    const btc = list.find((c) => c.symbol === 'BTC');
    expect(btc).toBeDefined();
    const estimate = (100 / Number(btc?.price)).toFixed(8);
    const ok = await convert(t.app, u, { convert_from: 'USDT', convert_to: 'BTC', amount: 100, converted_amount: Number(estimate) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { message: string }).message).toContain('conversion submitted');
    const far = await convert(t.app, u, { convert_from: 'USDT', convert_to: 'BTC', amount: 100, converted_amount: Number((Number(estimate) * 1.05).toFixed(8)) });
    expect(far.statusCode).toBe(400);
    expect((far.json() as { message: string }).message).toMatch(/^The rate has moved: 1 USDT = [\d.]+ BTC now/);
    expect(far.json()).toMatchObject({ code: 'RATE_MOVED', message_code: 'convert.rateMoved', params: { from: 'USDT', to: 'BTC' } });
  });

  it('refuses bad input and another user’s uid with 4xx and no journal entry, and replays an idempotent retry', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ convert_from: 'USDT', convert_to: 'NOPE', amount: 10, converted_amount: 1 }, convertMessages.unknownCurrency('NOPE')],
      [{ convert_from: 'USDT', convert_to: 'BTC', amount: -5, converted_amount: 1 }, convertMessages.invalidAmount],
      [{ convert_from: 'USDT', convert_to: 'BTC', amount: 0, converted_amount: 1 }, convertMessages.invalidAmount],
      [{ convert_from: 'BTC', convert_to: 'ETH', amount: 1, converted_amount: 1 }, convertMessages.usdtSide],
      [{ convert_from: 'USDT', convert_to: 'USDT', amount: 1, converted_amount: 1 }, convertMessages.sameCurrency],
    ];
    for (const [body, message] of cases) {
      const res = await convert(t.app, u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    const unknown = await convert(t.app, u, { convert_from: 'USDT', convert_to: 'NOPE', amount: 10, converted_amount: 1 });
    expect(unknown.json()).toMatchObject({ message_code: 'convert.unknownCurrency', params: { symbol: 'NOPE' } });
    const q = await quote(t.app, 'USDT', 'BTC', '20000');
    const poor = await convertAtQuote(t.app, u, q).catch(() => null);
    expect(poor).toBeNull();
    const forbidden = await convert(t.app, u, { uid: other.uid, convert_from: 'USDT', convert_to: 'BTC', amount: 10, converted_amount: 1 });
    expect(forbidden.statusCode).toBe(403);
    expect(await conversionEntries(t.app, u.userId)).toBe(0);
    expect(await conversionEntries(t.app, other.userId)).toBe(0);

    const q2 = await quote(t.app, 'USDT', 'SOL', '30');
    const body = { convert_from: 'USDT', convert_to: 'SOL', amount: '30', converted_amount: q2.converted_amount, quote_id: q2.quote_id };
    const first = await convert(t.app, u, body, { 'idempotency-key': 'convert-once' });
    const again = await convert(t.app, u, body, { 'idempotency-key': 'convert-once' });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await conversionEntries(t.app, u.userId)).toBe(1);
  });

  it('lists a user’s conversions newest first, and only theirs', async () => {
    const u = await newUser(t.app);
    for (const [to, amount] of [['BTC', '10'], ['ETH', '20'], ['SOL', '30']] as const) await convertAtQuote(t.app, u, await quote(t.app, 'USDT', to, amount));
    const res = await t.app.inject({ url: `/api/v1/conversions?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
    const rows = conversionsResponse.parse(res.json());
    expect(rows.map((r) => r.convert_to)).toEqual(['SOL', 'ETH', 'BTC']);
    const other = await newUser(t.app);
    const theirs = await t.app.inject({ url: `/api/v1/conversions?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(other.token) });
    expect(theirs.statusCode).toBe(403);
  });
});

describe('simultaneous conversions on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('postgres');
  });
  afterAll(() => closeChecked(t));

  it('converts the whole balance once when twenty conversions of it arrive together', async () => {
    const u = await newUser(t.app);
    const quotes = await Promise.all(Array.from({ length: 20 }, () => quote(t.app, 'USDT', 'BTC', '10000')));
    const results = await Promise.all(
      quotes.map((q) =>
        convert(t.app, u, { convert_from: 'USDT', convert_to: 'BTC', amount: q.amount, converted_amount: q.converted_amount, quote_id: q.quote_id }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json()).toMatchObject({ message: convertMessages.insufficientBalance });
    expect((await spotBalance(t.app, u.userId, 'USDT')).toFixed()).toBe('0');
    expect(await conversionEntries(t.app, u.userId)).toBe(1);
  });
});
