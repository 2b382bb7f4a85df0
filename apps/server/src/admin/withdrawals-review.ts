import { z } from 'zod';
import type { Database } from '../db/database.js';
import { approveWithdrawal, DEFAULT_WITHDRAWAL_REJECTION, rejectWithdrawal, withdrawalById, type StoredWithdrawal } from '../modules/funds/index.js';
import { AdminRefusal, AdminUsageError, type AdminCommand } from './command.js';

const withdrawalId = z.uuid();

/** The withdrawal the command names, by its id (as the history and `withdrawals list` show it). */
async function target(db: Database, args: string[], usage: string): Promise<StoredWithdrawal> {
  const parsed = withdrawalId.safeParse(args[0]);
  if (!parsed.success) throw new AdminUsageError(usage);
  const w = await withdrawalById(db, parsed.data);
  if (!w) throw new AdminRefusal(`No withdrawal has the id ${parsed.data}.`);
  return w;
}

const describe = (w: StoredWithdrawal) => `${w.amount.toFixed()} ${w.symbol} to ${w.address} (${w.valueUsdt.toDecimalPlaces(2).toFixed()} USDT)`;

/** The operator's side of the review threshold, as the console's (funds' withdrawals/review.ts). */
export const withdrawalsApprove: AdminCommand = {
  words: ['withdrawals', 'approve'],
  args: '<id>',
  summary: 'Approves a withdrawal waiting for review (above WITHDRAW_REVIEW_USDT): the server sends it next.',
  async run(ctx, args) {
    if (args.length !== 1) throw new AdminUsageError('withdrawals approve takes one withdrawal id.');
    const w = await target(ctx.db, args, 'withdrawals approve takes one withdrawal id.');
    if (!(await approveWithdrawal(ctx.db, w.id, ctx.now()))) throw new AdminRefusal(`Withdrawal ${w.id} is ${w.status}, not waiting for review.`);
    return `Approved withdrawal ${w.id}: ${describe(w)}. The server sends it at its next step.`;
  },
};

export const withdrawalsReject: AdminCommand = {
  words: ['withdrawals', 'reject'],
  args: '<id> [reason]',
  summary: 'Rejects a withdrawal not yet sent; its hold goes back to the user, who reads the reason.',
  async run(ctx, args) {
    const w = await target(ctx.db, args, 'withdrawals reject takes a withdrawal id and, optionally, the reason.');
    const reason = args.slice(1).join(' ').trim() || DEFAULT_WITHDRAWAL_REJECTION;
    if (reason.length > 200) throw new AdminUsageError('The reason must be at most 200 characters.');
    if (!(await rejectWithdrawal(ctx.db, w.id, reason, ctx.now()))) {
      throw new AdminRefusal(`Withdrawal ${w.id} is ${w.status}: only one not yet sent can be rejected.`);
    }
    return `Rejected withdrawal ${w.id}: ${describe(w)}. Its hold is released at the server's next step.`;
  },
};

export const withdrawalsList: AdminCommand = {
  words: ['withdrawals', 'list'],
  args: '',
  summary: 'Lists the withdrawals waiting for review, oldest first.',
  async run(ctx) {
    const res = await ctx.db.query<{ id: string }>(`SELECT id FROM withdrawals WHERE status = 'review' ORDER BY seq`);
    if (res.rows.length === 0) return 'No withdrawal is waiting for review.';
    const lines: string[] = [];
    for (const { id } of res.rows) {
      const w = await withdrawalById(ctx.db, id);
      if (w) lines.push(`${w.id}  ${w.createdAt.toISOString()}  ${describe(w)}`);
    }
    return lines.join('\n');
  },
};
