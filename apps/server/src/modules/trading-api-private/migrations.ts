import type { Migration } from '../../db/migrations.js';

/**
 * Version 42: the client order ids of OKX v5's trade calls (issue 42). A row is reserved before the
 * order is placed, so two calls with one clOrdId cannot both place; it gets the order's id once the
 * order exists and is removed when the placement is refused. A clOrdId stays taken for good (OKX
 * frees it once its order ended; ccxt makes a new random one per order).
 */
export const okxClientIdsMigration: Migration = {
  version: 42,
  name: 'okx client order ids',
  statements: [
    `CREATE TABLE okx_client_orders (
      user_id uuid NOT NULL,
      cl_ord_id text NOT NULL,
      tag text NOT NULL,
      order_id text,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, cl_ord_id)
    )`,
    `CREATE UNIQUE INDEX okx_client_orders_order ON okx_client_orders (order_id)`,
  ],
};

/**
 * Version 43: the client order ids of contract orders (SWAP and FUTURES), apart from spot's: a
 * contract order's id comes from the futures sequence and may equal a spot order's.
 */
export const okxSwapClientIdsMigration: Migration = {
  version: 43,
  name: 'okx contract client order ids',
  statements: [
    `CREATE TABLE okx_swap_client_orders (
      user_id uuid NOT NULL,
      cl_ord_id text NOT NULL,
      tag text NOT NULL,
      order_id text,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, cl_ord_id)
    )`,
    `CREATE UNIQUE INDEX okx_swap_client_orders_order ON okx_swap_client_orders (order_id)`,
  ],
};

const pendingClientIds = (table: string): string[] => [
  `ALTER TABLE ${table} ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY`,
  `ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`,
  `ALTER TABLE ${table} ADD PRIMARY KEY (id)`,
  `CREATE UNIQUE INDEX ${table}_cl_ord_id ON ${table} (user_id, cl_ord_id) WHERE cl_ord_id <> ''`,
  `CREATE INDEX ${table}_pending ON ${table} (user_id, created_at) WHERE order_id IS NULL`,
];

/**
 * Version 45: an order placed with a tag and no clOrdId keeps its tag too (cl_ord_id ''), so rows
 * are named by their own id; a clOrdId stays unique per user. An order's row is reserved before it
 * is placed, so the `orders` pushes of any process know that a placement of the user's is in flight
 * (order_id still NULL) and wait for it to bind before pushing an order without its client ids.
 */
export const okxPendingClientIdsMigration: Migration = {
  version: 45,
  name: 'okx client ids for tags and placements in flight',
  statements: [...pendingClientIds('okx_client_orders'), ...pendingClientIds('okx_swap_client_orders')],
};

/**
 * Version 60: a spot order carries its clOrdId and tag itself (spot's version 59), written with the
 * order in the ledger's batch instead of reserved and bound around it: the ids kept here move onto
 * their orders, and the table goes. Contract orders keep theirs (okx_swap_client_orders).
 */
export const okxSpotClientIdsMovedMigration: Migration = {
  version: 60,
  name: 'okx spot client ids on the orders',
  statements: [
    `UPDATE spot_orders o SET cl_ord_id = c.cl_ord_id, tag = c.tag FROM okx_client_orders c WHERE c.order_id = o.id AND c.user_id = o.user_id`,
    `DROP TABLE okx_client_orders`,
  ],
};
