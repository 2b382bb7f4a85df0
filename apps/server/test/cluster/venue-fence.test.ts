import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, placeOrderResponse } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { DEFAULT_LEASE_TTL_MS } from '../../src/cluster/cluster-config.js';
import { checkLedger } from '../../src/products.js';
import { bearer, createPostgresDatabase, signUpUser, testConfig, type SignedUpUser } from '../helpers.js';
import { NATS_URL, REDIS_URL } from './cluster-processes.js';

/**
 * The fencing epoch, in one process and deterministically: this process holds the venue lease, then
 * another takes it behind its back (the row changed as a takeover changes it). Its next venue write
 * still believes in its lease, carries the old epoch, and PostgreSQL refuses it whole: the order is
 * answered "send it again", nothing of it is stored, and the process steps down.
 */
describe('a venue write carrying a lost lease epoch', () => {
  let app: App;
  let user: SignedUpUser;
  let drop = async () => {};

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    app = await buildApp(
      testConfig({
        databaseUrl: database.url,
        cluster: {
          natsUrl: NATS_URL,
          redisUrl: REDIS_URL,
          namespace: `exchange.t${randomBytes(5).toString('hex')}`,
          leaseTtlMs: DEFAULT_LEASE_TTL_MS,
          leaseCheckMs: 0,
        },
      }),
    );
    expect(await app.services.venueLease?.takeNow()).toBe(true);
    await app.services.simulation.quote();
    user = await signUpUser(app, 'fence');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await drop();
  }, 60_000);

  const buy = (price: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/orders?apikey=${DEFAULT_API_KEY}&uid=${user.uid}&coin_id=1&order_type=buy&price=${price}&amount=0.001`,
      headers: bearer(user.token),
    });
  const ordersOfUser = async () =>
    Number((await app.services.db.query<{ n: string }>('SELECT count(*)::text AS n FROM spot_orders WHERE user_id = $1', [user.userId])).rows[0]?.n);

  it('writes while the lease is its own', async () => {
    const res = await buy('1000.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(placeOrderResponse.parse(res.json()).status).toBe('pending');
    expect(await ordersOfUser()).toBe(1);
  });

  it('is refused whole once another process took the lease, and the process steps down', async () => {
    await app.services.db.query(`UPDATE venue_leases SET holder = 'another-process', epoch = epoch + 1, expires_at = now() + interval '1 minute'`);
    expect(app.services.cluster?.isLeader()).toBe(true);
    const res = await buy('1001.00');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'VENUE_MOVED' });
    expect(await ordersOfUser()).toBe(1);
    expect(app.services.cluster?.isLeader()).toBe(false);
    const fenced = await app.services.db.query<{ holder: string }>(`SELECT holder FROM venue_leases`);
    expect(fenced.rows[0]?.holder).toBe('another-process');
    expect(await checkLedger(app.services.db)).toEqual([]);
  });

  it('as a follower, sends the next order on to the owner, and answers "send it again" when none answers', async () => {
    // No process answers on this namespace: the owner named in the row is not running.
    const res = await buy('1002.00');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(await ordersOfUser()).toBe(1);
  });
});
