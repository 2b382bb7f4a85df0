import type { Book, BookLevel, Trade } from './types';

function toLevel(raw: unknown): BookLevel | null {
  if (!Array.isArray(raw) || raw.length < 2) return null;
  const price = Number(raw[0]);
  const amount = Number(raw[1]);
  if (!Number.isFinite(price) || !Number.isFinite(amount) || price <= 0 || amount <= 0) return null;
  return { price, amount };
}

function toLevels(raw: unknown): BookLevel[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(toLevel).filter((level): level is BookLevel => level !== null);
}

/** An OKX book object ({asks, bids} of [px, sz, "0", orders]) sorted best first, or null if malformed. */
export function parseBook(raw: unknown): Book | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { asks, bids } = raw as { asks?: unknown; bids?: unknown };
  if (!Array.isArray(asks) || !Array.isArray(bids)) return null;
  return {
    asks: toLevels(asks).sort((a, b) => a.price - b.price),
    bids: toLevels(bids).sort((a, b) => b.price - a.price),
  };
}

/** The book of a GET /api/v5/market/books answer; throws when the exchange reports an error. */
export function parseRestBook(body: unknown): Book {
  const answer = body as { code?: unknown; msg?: unknown; data?: unknown } | null;
  if (!answer || answer.code !== '0' || !Array.isArray(answer.data)) {
    throw new Error(typeof answer?.msg === 'string' && answer.msg ? answer.msg : 'Bad order book answer');
  }
  if (answer.data.length === 0) return { asks: [], bids: [] };
  const book = parseBook(answer.data[0]);
  if (!book) throw new Error('Bad order book answer');
  return book;
}

/** The valid trades of a `trades` push. */
export function parseTrades(data: readonly unknown[]): Trade[] {
  const trades: Trade[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) continue;
    const raw = item as Record<string, unknown>;
    const price = Number(raw.px);
    const amount = Number(raw.sz);
    const ts = Number(raw.ts);
    const side = raw.side;
    if (!Number.isFinite(price) || !Number.isFinite(amount) || !Number.isFinite(ts)) continue;
    if (side !== 'buy' && side !== 'sell') continue;
    trades.push({ id: String(raw.tradeId ?? `${ts}-${price}-${amount}`), price, amount, side, ts });
  }
  return trades;
}
