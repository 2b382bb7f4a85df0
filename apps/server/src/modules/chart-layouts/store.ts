import { CHART_LAYOUTS_PER_USER, type ChartLayout } from '@exchange/contract';
import type { Database } from '../../db/database.js';

interface Row {
  name: string;
  layout: unknown;
  updated_at: Date | string;
}

export interface StoredLayout {
  name: string;
  layout: unknown;
  updated_at: string;
}

const stored = (r: Row): StoredLayout => ({
  name: r.name,
  layout: typeof r.layout === 'string' ? JSON.parse(r.layout) : r.layout,
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function listLayouts(db: Database, userId: string): Promise<{ name: string; updated_at: string }[]> {
  const res = await db.query<Row>('SELECT name, updated_at FROM chart_layouts WHERE user_id = $1 ORDER BY name LIMIT $2', [userId, CHART_LAYOUTS_PER_USER]);
  return res.rows.map((r) => ({ name: r.name, updated_at: new Date(r.updated_at).toISOString() }));
}

export async function readLayout(db: Database, userId: string, name: string): Promise<StoredLayout | undefined> {
  const res = await db.query<Row>('SELECT name, layout, updated_at FROM chart_layouts WHERE user_id = $1 AND name = $2', [userId, name]);
  const row = res.rows[0];
  return row ? stored(row) : undefined;
}

/**
 * Replaces the named layout, or adds it while the user keeps fewer than CHART_LAYOUTS_PER_USER.
 * The user's row is locked first, so two new names saved at once cannot both pass the count.
 * Answers undefined when the count refuses a new name.
 */
export async function saveLayout(db: Database, userId: string, name: string, layout: ChartLayout, at: Date): Promise<StoredLayout | undefined> {
  const tx = await db.begin();
  try {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const res = await tx.query<Row>(
      `INSERT INTO chart_layouts (user_id, name, layout, updated_at)
       SELECT $1, $2, $3::jsonb, $4
        WHERE EXISTS (SELECT 1 FROM chart_layouts WHERE user_id = $1 AND name = $2)
           OR (SELECT count(*) FROM chart_layouts WHERE user_id = $1) < $5
       ON CONFLICT (user_id, name) DO UPDATE SET layout = EXCLUDED.layout, updated_at = EXCLUDED.updated_at
       RETURNING name, layout, updated_at`,
      [userId, name, JSON.stringify(layout), at.toISOString(), CHART_LAYOUTS_PER_USER],
    );
    await tx.commit();
    const row = res.rows[0];
    return row ? stored(row) : undefined;
  } catch (error) {
    await tx.rollback();
    throw error;
  }
}

export async function deleteLayout(db: Database, userId: string, name: string): Promise<boolean> {
  const res = await db.query('DELETE FROM chart_layouts WHERE user_id = $1 AND name = $2 RETURNING name', [userId, name]);
  return res.rows.length > 0;
}
