import { Dec, stepDecimals } from './decimal.js';

/**
 * A coin's price grid. The model works in floats; this is where a float becomes a whole number of
 * ticks (never below one tick) and a tick count becomes an exact decimal string.
 */
export class TickGrid {
  readonly decimals: number;
  private readonly tick: number;
  /** The tick as an integer count of 10^-decimals, so formatting needs no decimal library. */
  private readonly tickUnits: number;

  constructor(readonly tickSize: string) {
    this.decimals = stepDecimals(tickSize);
    this.tick = Number(tickSize);
    this.tickUnits = new Dec(tickSize).mul(new Dec(10).pow(this.decimals)).toNumber();
  }

  ticksNear(value: number): number {
    return Math.max(1, Math.round(value / this.tick));
  }

  ticksOf(price: string): number {
    return new Dec(price).div(this.tickSize).round().toNumber();
  }

  /** Exact as long as ticks × tick units stays a safe integer (it does for any real price grid). */
  format(ticks: number): string {
    const units = (ticks * this.tickUnits).toString();
    if (this.decimals === 0) return units;
    const padded = units.padStart(this.decimals + 1, '0');
    return `${padded.slice(0, -this.decimals)}.${padded.slice(-this.decimals)}`;
  }
}
