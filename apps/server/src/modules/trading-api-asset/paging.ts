import { OkxError, okxCodes } from '../api-keys/index.js';

/** OKX's page size: 100 rows by default and at most. */
export const MAX_LIMIT = 100;

/** `limit` of a list call: 1 to 100, 100 when absent. */
export function limitOf(value: string | undefined): number {
  if (value === undefined || value === '') return MAX_LIMIT;
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1) throw new OkxError(okxCodes.parameter, 'limit');
  return Math.min(Number(value), MAX_LIMIT);
}

/** A time in ms (OKX's `after`, `before`, `begin`, `end`), or undefined when absent. */
export function timeOf(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new OkxError(okxCodes.parameter, name);
  return new Date(Number(value));
}

/** A bill id (OKX's `after` and `before` of the bills), or undefined when absent. */
export function billIdOf(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,19}$/.test(value)) throw new OkxError(okxCodes.parameter, name);
  return value;
}

/** A currency filter (`ccy`): one code, upper case; undefined when absent. */
export function ccyOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[A-Za-z0-9]{1,20}$/.test(value)) throw new OkxError(okxCodes.parameter, 'ccy');
  return value.toUpperCase();
}
