import { z } from 'zod';

/**
 * The console's money dashboard (issue 43): the last 24 hours' volume and fees by market, the
 * system accounts `ledger:check` reports (fees, insurance fund, convert desk…), the hot wallets per
 * network against what users are owed, and `ledger:check` run on demand.
 */

export const FINANCE_MARKETS_MAX = 200;
export const LEDGER_CHECK_BREACHES_MAX = 100;

export const financeMarketRow = z.object({
  product: z.enum(['spot', 'futures', 'convert']),
  market: z.string(),
  trades: z.number().int(),
  /** In the market's quote asset (convert: in the asset sold). */
  volume: z.string(),
  volume_asset: z.string(),
  fees: z.array(z.object({ asset: z.string(), amount: z.string() })),
});
export type FinanceMarketRow = z.infer<typeof financeMarketRow>;

export const systemBalanceRow = z.object({ owner: z.string(), wallet: z.string(), asset: z.string(), balance: z.string() });
export const hotWalletRow = z.object({ network: z.string(), asset: z.string(), balance: z.string() });
export const owedRow = z.object({ asset: z.string(), owed: z.string(), on_chain: z.string() });

export const ledgerCheckResult = z.object({
  at: z.string(),
  operator: z.string(),
  ok: z.boolean(),
  breaches: z.array(z.object({ rule: z.string(), detail: z.string() })).max(LEDGER_CHECK_BREACHES_MAX),
  breach_count: z.number().int(),
  report: z.array(z.string()),
});
export type LedgerCheckResult = z.infer<typeof ledgerCheckResult>;

export const adminFinanceResponse = z.object({
  since: z.string(),
  markets: z.array(financeMarketRow).max(FINANCE_MARKETS_MAX),
  system_accounts: z.array(systemBalanceRow),
  hot_wallets: z.array(hotWalletRow),
  owed: z.array(owedRow),
  last_check: ledgerCheckResult.nullable(),
});
export type AdminFinanceResponse = z.infer<typeof adminFinanceResponse>;

export const ledgerCheckMessages = {
  running: 'A ledger check is running already; its result shows here when it ends',
} as const;

export const adminLedgerCheckResponse = z.object({ success: z.literal(true), message: z.string(), result: ledgerCheckResult });
export type AdminLedgerCheckResponse = z.infer<typeof adminLedgerCheckResponse>;
