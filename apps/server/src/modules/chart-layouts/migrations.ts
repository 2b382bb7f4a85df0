import type { Migration } from '../../db/migrations.js';

/**
 * Version 31: users' saved chart layouts (issue 40 #12, spec 2 §7 "chart storage"), one row per
 * user and name; the routes keep at most CHART_LAYOUTS_PER_USER per user and CHART_LAYOUT_MAX_BYTES each.
 */
export const chartLayoutsMigration: Migration = {
  version: 31,
  name: 'chart layouts',
  statements: [
    `CREATE TABLE chart_layouts (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      layout jsonb NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, name)
    )`,
  ],
};
