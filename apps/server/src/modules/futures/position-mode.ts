import { positionToolsMessages, type PositionMode } from '@exchange/contract';
import type { Migration } from '../../db/migrations.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import { jsonRows, type RecordWriter } from '../../ledger/records.js';
import type { Desk } from './desk.js';

/** Issue 41: a user's position mode; no row is hedge mode, the mode every account had before. */
export const positionModeMigration: Migration = {
  version: 48,
  name: 'futures position mode',
  statements: [
    `CREATE TABLE futures_position_mode (
      user_id uuid PRIMARY KEY,
      position_mode text NOT NULL CHECK (position_mode IN ('hedge', 'one_way')),
      updated_at timestamptz NOT NULL
    )`,
  ],
};

interface ModeRow {
  userId: string;
  mode: PositionMode;
  at: Date;
}

/** A user's position mode as the database has it (for readers off the venues' owner process). */
export async function storedPositionMode(db: Queryable, userId: string): Promise<PositionMode> {
  const res = await db.query<{ position_mode: PositionMode }>(`SELECT position_mode FROM futures_position_mode WHERE user_id = $1`, [userId]);
  return res.rows[0]?.position_mode ?? 'hedge';
}

/** A position mode setting, written in the ledger job that checked nothing is open. */
export const positionModeWriter: RecordWriter<ModeRow> = {
  name: 'futures_position_mode',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_position_mode (user_id, position_mode, updated_at)
  SELECT user_id, position_mode, at FROM json_to_recordset($${n}::json) AS m(user_id uuid, position_mode text, at timestamptz)
  ON CONFLICT (user_id) DO UPDATE SET position_mode = EXCLUDED.position_mode, updated_at = EXCLUDED.updated_at`,
  // An upsert may not touch a row twice in one statement: the batch's last setting of a user wins.
  params: (rows) => [jsonRows([...new Map(rows.map((r) => [r.userId, { user_id: r.userId, position_mode: r.mode, at: r.at.toISOString() }])).values()])],
};

/** The users in one-way mode, as the ledger committed it (few rows: read whole at start). */
export class PositionModes {
  private readonly oneWay = new Set<string>();

  async load(db: Queryable, userIds?: readonly string[]): Promise<void> {
    const res = userIds
      ? await db.query<{ user_id: string; position_mode: PositionMode }>(`SELECT user_id, position_mode FROM futures_position_mode WHERE user_id = ANY($1::uuid[])`, [userIds])
      : await db.query<{ user_id: string; position_mode: PositionMode }>(`SELECT user_id, position_mode FROM futures_position_mode`);
    for (const id of userIds ?? []) this.oneWay.delete(id);
    for (const r of res.rows) this.set(r.user_id, r.position_mode);
  }

  of(userId: string): PositionMode {
    return this.oneWay.has(userId) ? 'one_way' : 'hedge';
  }

  set(userId: string, mode: PositionMode): void {
    if (mode === 'one_way') this.oneWay.add(userId);
    else this.oneWay.delete(userId);
  }
}

/**
 * Sets a user's position mode in one ledger job, so no order or fill of theirs runs between the
 * check and the change: refused (409 POSITIONS_OPEN) while a position is open or an order rests.
 */
export function applyPositionMode(desk: Desk, userId: string, mode: PositionMode, tx: LedgerTx): PositionMode {
  if (desk.modes.of(userId) === mode) return mode;
  const open = [...desk.book.all()].some((p) => p.userId === userId);
  const resting = desk.opts.venues.derivatives().some((v) => v.liveOrdersOf(userId) > 0);
  if (open || resting) throw new AppError(409, positionToolsMessages.positionModeBusy, 'POSITIONS_OPEN');
  desk.modes.set(userId, mode);
  desk.batchOf(tx).modes.add(userId);
  tx.record(positionModeWriter, { userId, mode, at: desk.opts.now() });
  return mode;
}
