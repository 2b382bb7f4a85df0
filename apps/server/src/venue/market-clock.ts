/**
 * The market's time, in ms: trades are stamped with it, and candles and 24 h figures are read at it.
 * On the embedded default the simulation moves it at every step (once a second), so a test can
 * drive a whole market day by stepping; it never goes back.
 */
export class MarketClock {
  constructor(private ms: number) {}

  get nowMs(): number {
    return this.ms;
  }

  advance(ms: number): void {
    if (ms > this.ms) this.ms = ms;
  }
}
