import type { Migration } from './db/migrations.js';
import { ledgerMigrations } from './ledger/migration.js';
import { accountMigrations } from './modules/accounts/migrations.js';
import { sessionsMigration } from './modules/sessions/migration.js';
import { convertMigrations } from './modules/convert/migrations.js';
import { earnMigrations } from './modules/earn/migrations.js';
import { feeTierMigration } from './modules/fee-tier/migrations.js';
import { futuresMigrations } from './modules/futures/migrations.js';
import { depositRetriesMigration, depositsMigration } from './modules/funds/deposits/migrations.js';
import { fundsNetworksMigration } from './modules/funds/migrations.js';
import { withdrawalConfirmationMigration, withdrawalsMigration } from './modules/funds/withdrawals/migrations.js';
import { kycMigration } from './modules/kyc/migrations.js';
import { securityMigration } from './modules/security/migrations.js';
import { spotMigrations } from './modules/spot/migrations.js';
import { venueMigrations } from './venue/migrations.js';
import { referralMigration } from './modules/rewards/migrations.js';
import { clusterMigrations } from './cluster/migrations.js';
import { auditLogMigration } from './audit/migrations.js';

/** Every module's migrations: the schema the server and `ledger:check` expect. */
export const schema: readonly Migration[] = [...accountMigrations, ...venueMigrations, ...ledgerMigrations, ...spotMigrations, sessionsMigration, ...futuresMigrations, ...convertMigrations, fundsNetworksMigration, depositsMigration, depositRetriesMigration, withdrawalsMigration, withdrawalConfirmationMigration, kycMigration, ...earnMigrations, securityMigration, referralMigration, feeTierMigration, ...clusterMigrations, auditLogMigration];
