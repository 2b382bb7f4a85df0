import { EARN_DAYS_PER_YEAR, EARN_INTEREST_DECIMALS } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';

const DAY_MS = 86_400_000;

/** Start (00:00 UTC) of the day `at` falls in. */
export function dayStartOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The first whole UTC day after `at`: a subscription earns from there. */
export function nextDayStart(at: Date): Date {
  return new Date(dayStartOf(at).getTime() + DAY_MS);
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** 'YYYY-MM-DD' of a UTC day. */
export function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day a key names, as its start. */
export function dayFromKey(key: string): Date {
  return new Date(`${key}T00:00:00.000Z`);
}

/** The last whole UTC day before `now`: the newest day the accrual may pay. */
export function lastWholeDay(now: Date): string {
  return dayKey(addDays(dayStartOf(now), -1));
}

/**
 * One day's interest on a principal: principal × APR / 365, rounded down to what a wallet shows,
 * so the exchange never pays more than the rate says.
 */
export function dailyInterest(principal: Dec, apr: Dec): Dec {
  return principal.mul(apr).div(EARN_DAYS_PER_YEAR).toDecimalPlaces(EARN_INTEREST_DECIMALS, Dec.ROUND_DOWN);
}

/** Maturity of a fixed position: its term counted in whole days from the day it starts earning. */
export function maturityOf(accruesFrom: Date, termDays: number | null): Date | null {
  return termDays === null ? null : addDays(accruesFrom, termDays);
}
