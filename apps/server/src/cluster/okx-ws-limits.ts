import type { Redis } from 'ioredis';
import { OKX_WS_KEY_LIMITS, type LimitAnswer, type LimitKind, type OrderOpLimits } from '../modules/trading-api-ws/index.js';
import type { RedisOutage } from './redis-outage.js';

/**
 * Adds the count to the key's window unless that would pass the limit; the first count of a window
 * starts its expiry. One script, so two processes' counts of one key never both fit a last place.
 * KEYS[1] the window; ARGV count, limit, window ms. 1 counted, 0 over.
 */
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local count = tonumber(ARGV[1])
if used + count > tonumber(ARGV[2]) then return 0 end
if redis.call('INCRBY', KEYS[1], count) == count then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`;

/**
 * The private socket's per-key order-op limits of a cluster, counted in Redis: a key with sockets
 * on several processes gets OKX's figures once in total, not once per process. The window starts
 * at a key's first count in Redis, as the in-process count's starts at its first op. While Redis
 * cannot be reached, an op is refused at once (`unavailable`, nothing done), as the request
 * limits fail closed (cluster/shared-limits.ts): a limit that stopped counting would let a key
 * flood the venues' owner.
 */
export class SharedKeyLimits implements OrderOpLimits {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly outage: RedisOutage,
  ) {}

  async take(apiKey: string, kind: LimitKind, count: number): Promise<LimitAnswer> {
    if (this.outage.isDown()) return 'unavailable';
    try {
      const taken = await this.redis.eval(TAKE, 1, `${this.prefix}${kind}:${apiKey}`, count, OKX_WS_KEY_LIMITS[kind], OKX_WS_KEY_LIMITS.windowMs);
      return taken === 1 ? 'taken' : 'over';
    } catch {
      // Redis went while the count was on its way: RedisOutage logs the outage, once.
      return 'unavailable';
    }
  }
}
