import { VenueMoved } from '../ledger/ledger.js';

const INSPECTED = new Set(['then', 'getter', 'setter', 'toJSON']);

/**
 * A stand-in for a venue service that only the venues' owner has (spot orders, futures, convert,
 * the simulated market): routes and tests hold it once, and every use reaches the instance open
 * now. A cluster opens a fresh one each time this process takes the venues over; a follower has
 * none, and a call that reaches it anyway is answered as retryable.
 */
export function ownerOnly<T extends object>(current: () => T | null): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      const target = current();
      if (!target) {
        // Asked by code that inspects objects rather than uses them (Fastify's decorate, await).
        if (typeof prop === 'symbol' || INSPECTED.has(prop)) return undefined;
        throw new VenueMoved();
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    // Tests wrap a method to watch it; the wrapper belongs on the instance open now.
    set(_target, prop, value) {
      const target = current();
      if (!target) throw new VenueMoved();
      return Reflect.set(target, prop, value, target);
    },
  });
}
