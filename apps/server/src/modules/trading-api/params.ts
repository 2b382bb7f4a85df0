import { paramError } from './okx-reply.js';

/** A page size: digits only, 1 or more; above `max` it is cut to `max`, as OKX does. */
export function limitParam(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw paramError('limit');
  return Math.min(Number(value), max);
}

/** A timestamp in ms (after/before): digits only. */
export function msParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,16}$/.test(value)) throw paramError(name);
  return Number(value);
}

/** instType of the list calls: one of `allowed`, refused with OKX's code otherwise. */
export function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return (allowed as readonly string[]).includes(value);
}
