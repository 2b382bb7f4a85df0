import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { clusterAnswers, clusterErrorCodes } from '@exchange/contract';
import { AppError } from '../errors.js';
import type { RedisOutage } from './redis-outage.js';

const RETRY_AFTER_S = 5;
const unavailable = () => new AppError(503, clusterAnswers.limitsUnavailable, clusterErrorCodes.limitsUnavailable, RETRY_AFTER_S);

/** The plugin's own Redis store, whose failures answer LIMITS_UNAVAILABLE; during an outage, at once. */
class ClosedOnOutage implements FastifyRateLimitStore {
  constructor(
    private readonly inner: FastifyRateLimitStore,
    private readonly outage: RedisOutage,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
    if (this.outage.isDown()) {
      callback(unavailable());
      return;
    }
    this.inner.incr(key, (err, result) => (err ? callback(unavailable()) : callback(null, result)), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new ClosedOnOutage(this.inner.child(routeOptions), this.outage);
  }
}

/**
 * The per-address request limits of a cluster, counted in Redis so that every process counts a
 * client's calls together. While Redis cannot be reached the limited calls are refused at once,
 * 503 LIMITS_UNAVAILABLE: the limits fail closed (a login limit that stopped counting would let
 * password guessing through), each refusal is an answer, not an error to log, and ioredis' retries
 * do not hold the call.
 */
export function sharedLimitsStore(redis: Redis, nameSpace: string, outage: RedisOutage): FastifyRateLimitStoreCtor {
  return class extends ClosedOnOutage {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands every store its global options, these two among them.
      const { continueExceeding = false, exponentialBackoff = false } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      super(new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), outage);
    }
  };
}
