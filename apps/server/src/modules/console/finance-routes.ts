import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFinanceResponse, adminLedgerCheckResponse, ledgerCheckMessages } from '@exchange/contract';
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';
import { checkOutcome, LEDGER_CHECK_ACTION, readFinance, type HotWalletChains } from './finance-reads.js';
import { operatorOf, requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';
import { SingleRun } from './single-run.js';

export interface FinanceRoutesOptions extends ConsoleRoutesOptions {
  books: Services['books'];
  chains: HotWalletChains | null;
}

/** An advisory lock's key: one "Run ledger check" at a time across the processes sharing a PostgreSQL database. */
const CHECK_LOCK = 4_300_471;

/** The dashboard's money and `ledger:check` on demand (issue 43), mounted at /api/admin: treasury and admin. */
export const financeRoutes: FastifyPluginAsyncZod<FinanceRoutesOptions> = async (app, { db, twoFactor, now, books, chains }) => {
  const single = new SingleRun();

  app.get('/finance', {
    preHandler: requireRight(app, db, twoFactor, 'finance.read'),
    schema: { tags, security, summary: 'The last 24 hours’ volume and fees by market, the system accounts (fees, insurance fund, convert desk…), hot wallets against what users are owed, the last ledger check', response: { 200: adminFinanceResponse, ...errors } },
    handler: () => readFinance(db, books.report, chains, now()),
  });

  app.post('/ledger-check', {
    preHandler: requireRight(app, db, twoFactor, 'ledger.check'),
    schema: { tags, security, summary: 'Runs `npm run ledger:check`’s checks now, one at a time, and answers the result (audited)', response: { 200: adminLedgerCheckResponse, ...errors } },
    handler: async (req) => {
      const op = operatorOf(req);
      const result = await single.run(() =>
        db.tx(async (q: Queryable) => {
          // One snapshot for every check, as the command takes, so concurrent postings cannot show as breaches.
          await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
          const locked = await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [CHECK_LOCK]);
          if (locked.rows[0]?.ok !== true) return null;
          const outcome = checkOutcome(await books.check(q), await books.report(q));
          const at = now();
          await recordAudit(q, { at, operator: op.email, role: op.actingRole, action: LEDGER_CHECK_ACTION, target: 'ledger', after: outcome, address: req.ip });
          return { ...outcome, at: at.toISOString(), operator: op.email };
        }),
      );
      if (!result) throw new AppError(409, ledgerCheckMessages.running, 'LEDGER_CHECK_RUNNING');
      return { success: true as const, message: result.ok ? 'Ledger OK: every invariant holds' : `${result.breach_count} breach(es)`, result };
    },
  });
};
