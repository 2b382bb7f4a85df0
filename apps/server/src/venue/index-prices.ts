/** Where the futures read a coin's index price. */
export interface IndexSource {
  /** The index of a coin as a decimal string, or undefined when none was published for it. */
  price(symbol: string): string | undefined;
}

/**
 * The index price of every coin, as its price source last published it: the simulated market on the
 * embedded default, a real exchange's feed otherwise. The risk monitor reads it at each tick of the
 * kernel clock, so marks, funding and liquidations follow the index whether or not the simulator runs.
 */
export class IndexPrices implements IndexSource {
  private readonly prices = new Map<string, string>();

  price(symbol: string): string | undefined {
    return this.prices.get(symbol.toUpperCase());
  }

  publish(symbol: string, price: string): void {
    this.prices.set(symbol.toUpperCase(), price);
  }
}
