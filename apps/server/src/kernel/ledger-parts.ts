import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { Migration } from '../db/migrations.js';
import type { Queryable } from '../db/database.js';
import { systemOwners, useSystemAccounts } from '../ledger/accounts.js';
import type { LedgerCheck } from '../ledger/check.js';
import { answersWriter } from '../ledger/idempotency.js';
import { Ledger } from '../ledger/ledger.js';
import { ledgerMigrations } from '../ledger/migration.js';
import { systemReport, type SystemReportRow } from '../ledger/report.js';
import type { RecordWriter } from '../ledger/records.js';
import { venueMigrations } from '../venue/migrations.js';
import { tradesWriter } from '../venue/trade-records.js';
import { auditLogMigration } from '../audit/migrations.js';
import type { Product } from './product.js';

/** The kernel's own schema: the venues' and the ledger's tables, and the audit log. */
export const kernelMigrations: readonly Migration[] = [...venueMigrations, ...ledgerMigrations, auditLogMigration];

/** Every migration of the kernel and the products, in version order: the order the runner applies them. */
export function migrationsOf(kernel: readonly Migration[], products: readonly Product<never>[]): Migration[] {
  return [...kernel, ...products.flatMap((p) => p.migrations ?? [])].sort((a, b) => a.version - b.version);
}

/**
 * The batch statement's record writers: the kernel's (stored answers, the venues' trades), then
 * each product's in list order. Every process on a database prepares the same statement text
 * under the same name, so the order is fixed.
 */
export function recordWritersOf(products: readonly Product<never>[]): RecordWriter<never>[] {
  return [answersWriter, tradesWriter, ...products.flatMap((p) => p.ledger?.recordWriters ?? [])] as RecordWriter<never>[];
}

/** The products' reconciliation checks; `checkLedger` adds the kernel's. */
export function ledgerChecksOf(products: readonly Product<never>[]): LedgerCheck[] {
  return products.flatMap((p) => p.ledger?.checks ?? []);
}

export interface LedgerReport {
  rows: SystemReportRow[];
  lines: string[];
}

/** What `ledger:check` prints beside its verdict: the fees and every reported system account's balances, then each product's lines. */
export async function ledgerReportOf(products: readonly Product<never>[], q: Queryable): Promise<LedgerReport> {
  const owners = [systemOwners.fees, ...products.flatMap((p) => (p.ledger?.systemAccounts ?? []).filter((a) => a.reported).map((a) => a.owner))];
  const rows = await systemReport(q, owners);
  const lines: string[] = [];
  for (const p of products) lines.push(...((await p.ledger?.report?.(q)) ?? []));
  return { rows, lines };
}

/** A ledger with every product's system accounts and record writers, as each server process opens it. */
export function openLedgerOf(products: readonly Product<never>[], db: Database, log: FastifyBaseLogger, maxQueue?: number): Ledger {
  useSystemAccounts(products.flatMap((p) => p.ledger?.systemAccounts ?? []));
  const ledger = new Ledger({ db, log, maxQueue });
  for (const w of recordWritersOf(products)) ledger.register(w);
  return ledger;
}
