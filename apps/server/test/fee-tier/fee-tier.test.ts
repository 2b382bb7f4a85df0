import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, feeTierResponse, userInformationResponse } from '@exchange/contract';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { closeChecked, placeOrder } from '../trading/trading-helpers.js';

const DAY_MS = 86_400_000;

describe.each<DbKind>([FEATURE_DB])('the fee tier on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
  });
  afterAll(async () => {
    // The rows written by hand name no order or position, which the ledger check would report.
    await t.app.services.db.query(`DELETE FROM spot_fills WHERE order_id LIKE 'test-%'`);
    await t.app.services.db.query(`DELETE FROM futures_fills WHERE position_id = 'test-position'`);
    await closeChecked(t);
  });

  const feeTier = async (user: SignedUpUser, uid = user.uid) =>
    t.app.inject({ url: `/api/v1/fee-tier?apikey=${DEFAULT_API_KEY}&uid=${uid}`, headers: bearer(user.token) });
  const tierOf = async (user: SignedUpUser) => {
    const res = await feeTier(user);
    expect(res.statusCode, res.body).toBe(200);
    return feeTierResponse.parse(res.json());
  };
  const tierFlag = async (user: SignedUpUser) => {
    const res = await t.app.inject({ url: `/api/user_account/getUserInformation/?user_id=${user.userId}`, headers: bearer(user.token) });
    return userInformationResponse.parse(res.json()).user_detail.tier;
  };

  /** More USDT in the user's spot wallet, booked as a further sign-up grant. */
  const fund = (user: SignedUpUser, amount: string) => t.app.services.db.tx((q) => grantDemo(t.app.services.ledger, q, user.userId, amount));

  /** A fill row as settlement writes it, `ageMs` before the clock's now. */
  async function spotFill(user: SignedUpUser, price: string, qty: string, ageMs: number) {
    seq += 1;
    await t.app.services.db.query(
      `INSERT INTO spot_fills (trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at)
       VALUES ($1, $2, $3, 'BTC', 'buy', 'taker', $4, $5, 0, 'BTC', $6)`,
      [900_000 + seq, `test-${seq}`, user.userId, price, qty, new Date(clock.now().getTime() - ageMs).toISOString()],
    );
  }
  async function futuresFill(user: SignedUpUser, price: string, qty: string, tradeId: number | null) {
    await t.app.services.db.query(
      `INSERT INTO futures_fills (trade_id, position_id, user_id, inst_id, action, price, qty, fee, pnl, created_at)
       VALUES ($1, 'test-position', $2, 'BTC-USDT-SWAP', $3, $4, $5, 0, 0, $6)`,
      [tradeId, user.userId, tradeId === null ? 'adl' : 'open', price, qty, clock.now().toISOString()],
    );
  }

  it('starts a new user at Level 1 with no volume and the sign-up grant as assets', async () => {
    const user = await signUpUser(t.app, 'tier-new');
    expect(await tierOf(user)).toMatchObject({
      tier: 'level_1',
      premium: false,
      window_days: 30,
      volume_usdt: '0.00',
      assets_usdt: '10000.00',
      premium_volume_usdt: '5000000',
      premium_assets_usdt: '100000',
      spot_fee_rate: '0.001',
      spot_maker_rate: '0.001',
      spot_taker_rate: '0.001',
      futures_fee_rate: '0.0005',
    });
    expect(await tierFlag(user)).toBe(false);
  });

  it('counts the user\u2019s own spot fills from the market in USDT', async () => {
    const user = await signUpUser(t.app, 'tier-trader', { identity: true });
    const placed = await placeOrder(t.app, user, { order_type: 'buy', excecution_type: 'market', amount: '0.01' });
    expect(placed.statusCode, placed.body).toBe(200);
    const fills = await t.app.services.db.query<{ v: string }>('SELECT sum(price * qty)::text AS v FROM spot_fills WHERE user_id = $1', [user.userId]);
    const traded = Number(fills.rows[0]?.v);
    expect(traded).toBeGreaterThan(0);
    const answer = await tierOf(user);
    expect(Number(answer.spot_volume_usdt)).toBeCloseTo(traded, 2);
    expect(answer.volume_usdt).toBe(answer.spot_volume_usdt);
    // What was spent is now BTC at its last price, less the fee: close to the grant, not above it.
    expect(Number(answer.assets_usdt)).toBeGreaterThan(9_900);
    expect(answer.tier).toBe('level_1');
  });

  it('becomes Premium with both thresholds reached by fills of the last 30 days', async () => {
    const user = await signUpUser(t.app, 'tier-whale');
    await fund(user, '90000');
    await spotFill(user, '50000', '40', 2 * DAY_MS);
    await spotFill(user, '50000', '20', 30 * DAY_MS - 60_000);
    await futuresFill(user, '50000', '40', 7);
    // Neither deleveraging nor a fill older than 30 days is trading volume.
    await futuresFill(user, '50000', '1000', null);
    await spotFill(user, '50000', '1000', 30 * DAY_MS + 60_000);
    expect(await tierOf(user)).toMatchObject({
      tier: 'premium',
      premium: true,
      spot_volume_usdt: '3000000.00',
      futures_volume_usdt: '2000000.00',
      volume_usdt: '5000000.00',
      assets_usdt: '100000.00',
    });
    expect(await tierFlag(user)).toBe(true);
  });

  it('stays Level 1 one cent of assets short of the threshold', async () => {
    const user = await signUpUser(t.app, 'tier-short');
    await fund(user, '89999.99');
    await spotFill(user, '100000', '50', DAY_MS);
    expect(await tierOf(user)).toMatchObject({ tier: 'level_1', volume_usdt: '5000000.00', assets_usdt: '99999.99' });
  });

  it('refuses another user\u2019s uid and a call without a token', async () => {
    const owner = await signUpUser(t.app, 'tier-owner');
    const intruder = await signUpUser(t.app, 'tier-intruder');
    const res = await feeTier(intruder, owner.uid);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/v1/fee-tier?apikey=${DEFAULT_API_KEY}&uid=${owner.uid}` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({ url: `/api/v1/fee-tier?apikey=${DEFAULT_API_KEY}&uid=abc`, headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/uid|user/i);
  });
});
