import type { AdminCommand } from './command.js';

/** The most deposits the listing prints; the oldest problems first. */
const LISTED = 100;

/**
 * The deposits the watcher could not credit (issue 14 #2): those it is retrying with back-off
 * (attempts, next try, last error) and those it refused with a reason. Neither stops the others.
 */
export const depositsFailing: AdminCommand = {
  words: ['deposits', 'failing'],
  args: '',
  summary: 'Lists the deposits that could not be credited: retried with back-off (with the last error), or refused (with the reason).',
  async run(ctx) {
    const res = await ctx.db.query<{
      id: string;
      email: string;
      network_id: number;
      symbol: string;
      amount: string;
      status: string;
      credit_attempts: number;
      next_attempt_at: Date | string | null;
      last_error: string | null;
      reason: string | null;
    }>(
      `SELECT d.id, u.email, d.network_id, d.symbol, d.amount::text AS amount, d.status, d.credit_attempts, d.next_attempt_at, d.last_error, d.reason
       FROM deposits d JOIN users u ON u.id = d.user_id
       WHERE (d.status IN ('submitted', 'accepted') AND d.credit_attempts > 0) OR d.status = 'rejected'
       ORDER BY d.seq LIMIT $1`,
      [LISTED],
    );
    if (res.rows.length === 0) return 'Every deposit was credited or is waiting for confirmations.';
    return res.rows
      .map((d) =>
        d.status === 'rejected'
          ? `${d.id}  ${d.email}  ${d.amount} ${d.symbol}  refused: ${d.reason ?? 'no reason recorded'}`
          : `${d.id}  ${d.email}  ${d.amount} ${d.symbol}  failed ${d.credit_attempts} time(s), next try ${d.next_attempt_at ? new Date(d.next_attempt_at).toISOString() : 'now'}: ${d.last_error ?? ''}`,
      )
      .join('\n');
  },
};
