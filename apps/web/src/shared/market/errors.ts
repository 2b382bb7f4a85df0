export type MarketErrorKind = 'timeout' | 'network' | 'http' | 'invalid';

/** A failed market call; `message` is already the spec 1 §8 text to show. */
export class MarketError extends Error {
  constructor(
    message: string,
    readonly kind: MarketErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MarketError';
  }
}
