import type { Migration } from '../../db/migrations.js';

/**
 * Version 46: OKX v5's algo orders (issue 42). The spot product keeps no trigger a key could name
 * (its stop-limit orders hold their money from the start and trigger one way only), so a stop-loss,
 * take-profit or trigger order waits here, holding nothing, until the last price crosses it; then
 * it is placed through the spot service. A live row is claimed (moved to effective) before its
 * order is placed, so no two processes place it twice; a restart reloads the live rows.
 */
export const okxAlgoOrdersMigration: Migration = {
  version: 46,
  name: 'okx algo orders',
  statements: [
    // Distinct from spot's order ids (19 digits), so an id names one kind of order.
    `CREATE SEQUENCE okx_algo_ids START WITH 1000000000000000000`,
    `CREATE TABLE okx_algo_orders (
      algo_id bigint PRIMARY KEY DEFAULT nextval('okx_algo_ids'),
      user_id uuid NOT NULL,
      inst_id text NOT NULL,
      ord_type text NOT NULL CHECK (ord_type IN ('conditional', 'oco', 'trigger')),
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      sz text NOT NULL,
      td_mode text NOT NULL,
      algo_cl_ord_id text,
      tag text NOT NULL,
      sl_trigger_px text,
      sl_ord_px text,
      tp_trigger_px text,
      tp_ord_px text,
      trigger_px text,
      ord_px text,
      trigger_above boolean,
      state text NOT NULL CHECK (state IN ('live', 'effective', 'canceled', 'order_failed')),
      actual_side text,
      actual_px text,
      ord_id text,
      fail_code text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      trigger_time timestamptz
    )`,
    `CREATE UNIQUE INDEX okx_algo_orders_client_id ON okx_algo_orders (user_id, algo_cl_ord_id) WHERE algo_cl_ord_id IS NOT NULL`,
    `CREATE INDEX okx_algo_orders_user ON okx_algo_orders (user_id, algo_id DESC)`,
    `CREATE INDEX okx_algo_orders_live ON okx_algo_orders (algo_id) WHERE state = 'live'`,
  ],
};
