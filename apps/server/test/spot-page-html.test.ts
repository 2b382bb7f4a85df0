import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COINS_SEED_ID, LANGUAGE_COOKIE, formatChangeIn, formatPriceIn, type CoinListItem } from '@exchange/contract';
import { buildApp, type App } from '../src/app.js';
import { spotPageHtml } from '../src/plugins/spot-page-html.js';
import { testConfig } from './helpers.js';

/** A template as the web build writes spot-trading.en.html: the header's figures as {{name}}. */
const TEMPLATE =
  '<!doctype html><html><head><title>spot</title></head><body><div id="root"><main>' +
  '<h1>{{symbol}}/{{pair}}</h1><img src="{{logo}}"><span class="{{tone}}">{{price}}</span> {{usd}} {{change}} {{high}} {{low}} {{volume}}' +
  ' <button class="star{{starOn}}" aria-pressed="{{favourite}}" aria-label="{{starLabel}}"></button></main></div></body></html>';
const PLAIN = '<!doctype html><html><head><title>spot</title></head><body><div id="root"></div></body></html>';

const seedOf = (html: string): CoinListItem[] => {
  const match = new RegExp(`<script type="application/json" id="${COINS_SEED_ID}">(.*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no coin list written into the page');
  return JSON.parse(match[1]) as CoinListItem[];
};

describe('the spot page drawn in English with the market of the moment', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'exch-web-spot-'));
    mkdirSync(path.join(dist, 'spa'));
    writeFileSync(path.join(dist, 'index.html'), PLAIN);
    writeFileSync(path.join(dist, 'spa', 'spot-trading.html'), PLAIN);
    writeFileSync(path.join(dist, 'spot-trading.en.html'), TEMPLATE);
    app = await buildApp(testConfig({ webDist: dist }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': 'en-US', ...headers } });

  it.each([
    ['/spot-trading', 'BTC'],
    ['/spot-trading?coin_pair_id=1', 'BTC'],
    ['/spot-trading?coin_pair_id=2', 'ETH'],
    ['/spot-trading?coin_pair_id=nope', 'BTC'],
    ['/spot-trading?coin_pair_id=99999', 'BTC'],
  ])('draws %s with the header of %s, from the coin list written into the same page', async (url, symbol) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const coins = seedOf(res.body);
    expect(coins.map((c) => c.symbol)).toEqual(app.services.market.coins().map((c) => c.symbol));
    const coin = coins.find((c) => c.symbol === symbol)!;
    expect(res.body).toContain(`<h1>${symbol}/USDT</h1><img src="/api/v1/coin-icons/${symbol.toLowerCase()}.svg">`);
    const price = formatPriceIn('en-US', coin.price);
    expect(res.body).toContain(`<span class="${coin.price_change_24h < 0 ? 'down' : 'up'}">${price}</span> $${price} ${formatChangeIn('en-US', coin.price_change_24h)}`);
    // BTC and ETH are among the first eight coins, the favourites a first visit starts with.
    expect(res.body).toContain(`<button class="star is-on" aria-pressed="true" aria-label="Remove ${symbol} from favourites">`);
    expect(res.body).not.toContain('{{');
  });

  it('sends it compressed as the browser asks, and says what it varies on', async () => {
    const identity = await get('/spot-trading', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await get('/spot-trading', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    const gzip = await get('/spot-trading', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(br.headers.vary).toBe('accept-language, cookie, accept-encoding');
  });

  it.each([
    ['a Spanish browser', { 'accept-language': 'es-MX,es;q=0.9' }],
    ['Chinese chosen on an English browser', { cookie: `${LANGUAGE_COOKIE}=zh-CN` }],
  ])('sends %s the page without English drawn into it', async (_who, headers) => {
    const res = await get('/spot-trading', headers);
    expect(res.body).toBe(PLAIN);
  });

  it('draws it for English chosen on a Spanish browser', async () => {
    const res = await get('/spot-trading', { 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=en` });
    expect(res.body).toContain('<h1>BTC/USDT</h1>');
  });
});

describe('spotPageHtml', () => {
  const coin = (id: number, symbol: string, name = symbol): CoinListItem => ({
    id,
    coin_pair: id,
    coin_id: id,
    symbol,
    name,
    pair_name: 'USDT',
    price: 0.00001234,
    price_change_24h: 4.2,
    volume_24h: 1_500,
    market_cap: 0,
    '24_high': 0.0000125,
    '24_low': 0.0000121,
    logo_path: `/api/v1/coin-icons/${symbol.toLowerCase()}.svg`,
    is_tradable: true,
    last_updated: '2026-11-27T08:00:00.000Z',
    tick_size: '0.00000001',
    lot_size: '1',
  });

  it('writes the coin list so that no value can close its script, and draws its figures', () => {
    const list = [coin(1, 'PEPE', 'Pepe</script><script>alert(1)</script>')];
    const body = Buffer.from(JSON.stringify(list));
    const page = spotPageHtml(TEMPLATE, { coins: () => list, coinsBody: () => body })(null);
    const html = page!.identity.toString();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(seedOf(html)[0]?.name).toBe(list[0]?.name);
    expect(html).toContain('<span class="up">0.00001234</span> $0.00001234 +4.20% 0.00001250 0.00001210 1.5K');
  });

  it('builds a page once per coin list and pair, and again when the list changes', () => {
    const list = [coin(1, 'BTC'), coin(2, 'ETH')];
    let body = Buffer.from(JSON.stringify(list));
    const pageFor = spotPageHtml(TEMPLATE, { coins: () => list, coinsBody: () => body });
    const first = pageFor('2');
    expect(pageFor('2')).toBe(first);
    expect(pageFor('1')).not.toBe(first);
    body = Buffer.from(JSON.stringify(list));
    expect(pageFor('2')).not.toBe(first);
    expect(pageFor('2')?.identity.equals(first!.identity)).toBe(true);
  });

  it('draws nothing when there is no coin', () => {
    expect(spotPageHtml(TEMPLATE, { coins: () => [], coinsBody: () => Buffer.from('[]') })('1')).toBeNull();
  });
});
