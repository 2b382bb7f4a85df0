import type { Book, BookLevel } from './types';

/** books5 sends the full top of a side, so it replaces every deeper snapshot level it reaches. */
const TOP_LEVELS = 5;

function mergeSide(snapshot: readonly BookLevel[], top: readonly BookLevel[], isAsk: boolean): BookLevel[] {
  const edge = top.at(-1)?.price;
  if (top.length < TOP_LEVELS || edge === undefined) return [...top];
  const deeper = snapshot.filter((level) => (isAsk ? level.price > edge : level.price < edge));
  return [...top, ...deeper];
}

/**
 * A books5 push laid over the REST snapshot: the push wins for the price range it covers and
 * the snapshot supplies the levels beyond it, so 8 levels stay visible between REST polls.
 * A side with fewer than 5 levels in the push is the whole side.
 */
export function mergeBooks5(snapshot: Book | null, top: Book): Book {
  return {
    asks: mergeSide(snapshot?.asks ?? [], top.asks, true),
    bids: mergeSide(snapshot?.bids ?? [], top.bids, false),
  };
}
