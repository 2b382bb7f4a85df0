import type { Database, SqlParam } from '../db/database.js';

/** One executed trade as the market feeds, the candles and the `trades` table see it. */
export interface TradeRecord {
  id: number;
  symbol: string;
  /** Decimal strings on the coin's tick and lot. */
  price: string;
  qty: string;
  takerSide: 'buy' | 'sell';
  makerOrderId: string;
  takerOrderId: string;
  ts: number;
}

/** 8 parameters a row; PostgreSQL allows 65535 parameters a statement. */
const ROWS_PER_INSERT = 1000;

interface TradeRow {
  id: string;
  symbol: string;
  price: string;
  qty: string;
  taker_side: 'buy' | 'sell';
  maker_order_id: string;
  taker_order_id: string;
  created_at: Date | string;
}

function fromRow(r: TradeRow): TradeRecord {
  return {
    id: Number(r.id),
    symbol: r.symbol,
    price: r.price,
    qty: r.qty,
    takerSide: r.taker_side,
    makerOrderId: r.maker_order_id,
    takerOrderId: r.taker_order_id,
    ts: new Date(r.created_at).getTime(),
  };
}

/**
 * Buffers trades in memory and writes them in multi-row inserts on `flush()` (the market calls it
 * about once a second), so a busy market costs one statement a second rather than one a trade.
 */
export class TradeStore {
  private pending: TradeRecord[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  add(trade: TradeRecord): void {
    this.pending.push(trade);
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes everything buffered so far; calls are serialised so rows land in id order. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, ROWS_PER_INSERT);
      const params: SqlParam[] = [];
      const values: string[] = [];
      for (const t of batch) {
        const n = params.length;
        values.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8})`);
        params.push(String(t.id), t.symbol, t.price, t.qty, t.takerSide, t.makerOrderId, t.takerOrderId, new Date(t.ts));
      }
      await this.db.query(
        `INSERT INTO trades (id, symbol, price, qty, taker_side, maker_order_id, taker_order_id, created_at)
         VALUES ${values.join(', ')} ON CONFLICT (id) DO NOTHING`,
        params,
      );
      // Dropped only once written: a failed insert keeps the rows for the next flush.
      this.pending.splice(0, batch.length);
    }
  }

  async maxId(): Promise<number> {
    const res = await this.db.query<{ max: string | null }>('SELECT max(id)::text AS max FROM trades');
    return Number(res.rows[0]?.max ?? 0);
  }

  /** The last stored price of every symbol that ever traded. */
  async lastPrices(): Promise<Record<string, string>> {
    const res = await this.db.query<{ symbol: string; price: string }>(
      `SELECT DISTINCT ON (symbol) symbol, price::text AS price FROM trades ORDER BY symbol, id DESC`,
    );
    return Object.fromEntries(res.rows.map((r) => [r.symbol, r.price]));
  }

  /** Trades since `sinceMs`, oldest first, at most `limit` (the newest ones when there are more). */
  async since(sinceMs: number, limit: number): Promise<TradeRecord[]> {
    const res = await this.db.query<TradeRow>(
      `SELECT * FROM (
         SELECT id::text AS id, symbol, price::text AS price, qty::text AS qty, taker_side,
                maker_order_id, taker_order_id, created_at
         FROM trades WHERE created_at >= $1 ORDER BY id DESC LIMIT $2
       ) recent ORDER BY id`,
      [new Date(sinceMs), limit],
    );
    return res.rows.map(fromRow);
  }
}
