import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Whether Redis answers now, from the client's own events: down from the connection's loss until
 * it is ready again. ioredis tries to reconnect all along and reports each failed attempt; the
 * outage is logged once when it starts and once when it ends, not once per attempt or per call.
 */
export class RedisOutage {
  private downSince: number | null = null;
  private lastError: string | null = null;

  constructor(redis: Redis, log: FastifyBaseLogger) {
    // Listened to, or ioredis prints every failed reconnection attempt itself.
    redis.on('error', (err: Error) => {
      this.lastError = err.message;
    });
    redis.on('close', () => {
      if (this.downSince !== null) return;
      this.downSince = Date.now();
      // Logged on the next turn, so that the error that closed the connection is named with it.
      setImmediate(() =>
        log.error({ err: this.lastError }, 'Redis is unreachable: the rate-limited routes answer 503 LIMITS_UNAVAILABLE, and the private socket\'s order ops 50013, until it is back'),
      );
    });
    redis.on('ready', () => {
      if (this.downSince === null) return;
      // Warn, not info: whoever sees the outage's error line sees its end too.
      log.warn({ outageMs: Date.now() - this.downSince }, 'Redis is reachable again: the rate limits count again');
      this.downSince = null;
    });
  }

  isDown(): boolean {
    return this.downSince !== null;
  }
}
