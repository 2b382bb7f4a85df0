import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from './db/database.js';
import type { Migration } from './db/migrations.js';
import { checkLedger as checkWith, type Breach, type LedgerCheck } from './ledger/check.js';
import type { Ledger } from './ledger/ledger.js';
import { clusterMigrations } from './cluster/migrations.js';
import { kernelMigrations, ledgerChecksOf, ledgerReportOf, migrationsOf, openLedgerOf, type LedgerReport } from './kernel/ledger-parts.js';
import type { Product } from './kernel/product.js';
import type { Services } from './services.js';
import { statusProduct } from './modules/status/index.js';
import { marketDataProduct } from './modules/market-data/index.js';
import { walletsProduct } from './modules/wallets/index.js';
import { spotProduct } from './modules/spot/index.js';
import { fundsProduct } from './modules/funds/index.js';
import { convertProduct } from './modules/convert/index.js';
import { earnProduct } from './modules/earn/index.js';
import { feeTierProduct } from './modules/fee-tier/index.js';
import { idempotencyProduct } from './modules/idempotency/index.js';
import { futuresProduct } from './modules/futures/index.js';
import { helpProduct } from './modules/help/index.js';
import { rewardsProduct } from './modules/rewards/index.js';
import { outboxProduct } from './modules/outbox/index.js';
import { accountsProduct } from './modules/accounts/index.js';
import { kycProduct } from './modules/kyc/index.js';
import { securityProduct } from './modules/security/index.js';
import { sessionsProduct } from './modules/sessions/index.js';
import { notificationsProduct } from './modules/notifications/index.js';
import { chartLayoutsProduct } from './modules/chart-layouts/index.js';
import { consoleProduct } from './modules/console/index.js';
import { reservesProduct } from './modules/reserves/index.js';
import { apiKeysProduct } from './modules/api-keys/index.js';
import { tradingApiProduct } from './modules/trading-api/index.js';
import { tradingApiPrivateProduct } from './modules/trading-api-private/index.js';
import { tradingApiWsProduct } from './modules/trading-api-ws/index.js';
import { tradingApiAssetProduct } from './modules/trading-api-asset/index.js';

/**
 * The composition root: every product of the server, each a folder under modules/ whose index
 * exports it. Adding a product is one line here. The order is the routes' order in the API
 * description and the record writers' order in the ledger's batch statement.
 */
export const products: readonly Product<Services>[] = [
  statusProduct,
  marketDataProduct,
  walletsProduct,
  spotProduct,
  fundsProduct,
  convertProduct,
  earnProduct,
  feeTierProduct,
  idempotencyProduct,
  futuresProduct,
  helpProduct,
  rewardsProduct,
  outboxProduct,
  accountsProduct,
  kycProduct,
  securityProduct,
  sessionsProduct,
  notificationsProduct,
  chartLayoutsProduct,
  consoleProduct,
  reservesProduct,
  apiKeysProduct,
  tradingApiProduct,
  tradingApiPrivateProduct,
  tradingApiWsProduct,
  tradingApiAssetProduct,
];

/** Every migration, kernel's, cluster's and products', in version order: the schema the server and `ledger:check` expect. */
export const schema: readonly Migration[] = migrationsOf([...kernelMigrations, ...clusterMigrations], products);

/** The products' reconciliation checks, which `checkLedger` runs after the kernel's. */
export const ledgerChecks: readonly LedgerCheck[] = ledgerChecksOf(products);

/** A ledger with every product's system accounts and record writers, as each server process opens it. */
export function openLedger(db: Database, log: FastifyBaseLogger, maxQueue?: number): Ledger {
  return openLedgerOf(products, db, log, maxQueue);
}

/** Every violated ledger invariant, the kernel's and the products'; an empty list means the books hold. */
export function checkLedger(q: Queryable): Promise<Breach[]> {
  return checkWith(q, ledgerChecks);
}

/** The system balances and product lines `ledger:check` prints beside its verdict. */
export function ledgerReport(q: Queryable): Promise<LedgerReport> {
  return ledgerReportOf(products, q);
}
