import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_LAYOUT_MAX_BYTES, CHART_LAYOUTS_PER_USER, DEFAULT_API_KEY, type ChartLayout } from '@exchange/contract';
import { bearer, FEATURE_DB, signUpUser, startApp, type SignedUpUser, type TestApp } from '../helpers.js';

const layout: ChartLayout = {
  resolution: '15',
  style: 'candles',
  view: 'price',
  indicators: ['MA', 'RSI'],
  drawings: [
    { kind: 'horizontal', symbol: 'BTC', price: 100_000 },
    { kind: 'trend', symbol: 'BTC', from: { time: 1_760_000_000, price: 90_000 }, to: { time: 1_760_086_400, price: 95_000.5 } },
  ],
};

describe('the chart layouts’ calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (user: SignedUpUser, name: string, body: unknown, uid = user.uid) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/chart-layouts/${name}`, headers: bearer(user.token), payload: { apikey: DEFAULT_API_KEY, uid, layout: body } });
  const get = (user: SignedUpUser, name: string, uid = user.uid) =>
    t.app.inject({ url: `/api/v1/chart-layouts/${name}?apikey=${DEFAULT_API_KEY}&uid=${uid}`, headers: bearer(user.token) });

  /** A name with no layout saved: 200 and null, since a chart opened for the first time is no error (issue 41). */
  const expectNone = async (user: SignedUpUser, name: string) => {
    const res = await get(user, name);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBeNull();
  };

  it('saves, reads back, replaces, lists and deletes a layout', async () => {
    const u = await signUpUser(t.app, 'layouts');
    await expectNone(u, 'spot');
    const saved = await put(u, 'spot', layout);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await get(u, 'spot');
    expect(read.statusCode).toBe(200);
    expect(read.json().layout).toEqual(layout);
    const replaced = await put(u, 'spot', { ...layout, indicators: ['BOLL'], drawings: [] });
    expect(replaced.statusCode).toBe(200);
    expect((await get(u, 'spot')).json().layout.indicators).toEqual(['BOLL']);
    const list = await t.app.inject({ url: `/api/v1/chart-layouts?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
    expect(list.json().items.map((i: { name: string }) => i.name)).toEqual(['spot']);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/chart-layouts/spot?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
    expect(del.statusCode).toBe(200);
    await expectNone(u, 'spot');
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/chart-layouts/spot?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
    expect(again.statusCode).toBe(404);
  });

  it('keeps each user’s layouts to themselves', async () => {
    const owner = await signUpUser(t.app, 'layout-owner');
    const other = await signUpUser(t.app, 'layout-other');
    expect((await put(owner, 'spot', layout)).statusCode).toBe(200);
    expect((await get(other, 'spot', owner.uid)).statusCode).toBe(403);
    expect((await put(other, 'spot', { ...layout, drawings: [] }, owner.uid)).statusCode).toBe(403);
    await expectNone(other, 'spot');
    expect((await get(owner, 'spot')).json().layout).toEqual(layout);
  });

  it(`refuses a new name past ${CHART_LAYOUTS_PER_USER} layouts but still replaces a kept one`, async () => {
    const u = await signUpUser(t.app, 'layout-count');
    for (let i = 0; i < CHART_LAYOUTS_PER_USER; i++) expect((await put(u, `l${i}`, layout)).statusCode).toBe(200);
    const refused = await put(u, 'one-more', layout);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/At most/);
    expect((await put(u, 'l0', { ...layout, view: 'depth' })).statusCode).toBe(200);
  });

  it('refuses a layout that is malformed or too large with a plain message', async () => {
    const u = await signUpUser(t.app, 'layout-bad');
    const many = Array.from({ length: 101 }, () => ({ kind: 'horizontal', symbol: 'BTC', price: 1 }));
    const bad: unknown[] = [
      '',
      [layout],
      { ...layout, drawings: [{ kind: 'circle', symbol: 'BTC', price: 1 }] },
      { ...layout, drawings: [{ kind: 'trend', symbol: 'BTC', from: 'x', to: { time: 1_760_000_000, price: 1 } }] },
      { ...layout, resolution: '2' },
      { ...layout, indicators: ['MA', 'MA'] },
      { ...layout, indicators: ['SAR'] },
      { ...layout, drawings: many },
      { ...layout, drawings: [{ kind: 'horizontal', symbol: 'btc<script>', price: 1 }] },
      { ...layout, extra: 'x'.repeat(CHART_LAYOUT_MAX_BYTES) },
    ];
    for (const body of bad) {
      const res = await put(u, 'spot', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      // Plain words, never the schema library's own English.
      expect(res.json().message).not.toMatch(/Invalid (input|option|string)|expected .* received/i);
    }
    expect((await put(u, 'Bad Name', layout)).statusCode).toBe(400);
    await expectNone(u, 'spot');
  });

  it('answers a stored layout it can no longer read as none, so the chart starts afresh', async () => {
    const u = await signUpUser(t.app, 'layout-old');
    await t.app.services.db.query(`INSERT INTO chart_layouts (user_id, name, layout, updated_at) VALUES ($1, 'spot', $2::jsonb, now())`, [
      u.userId,
      JSON.stringify({ ...layout, resolution: '3' }),
    ]);
    await expectNone(u, 'spot');
  });
});
