import { AppError } from '../errors.js';
import { recordAudit } from '../audit/audit-log.js';
import { SimulatedChains } from '../modules/funds/deposits/simulated-chain.js';
import { sendTestDeposit } from '../modules/funds/deposits/test-deposit.js';
import { networkByCode } from '../modules/funds/networks.js';
import { AdminRefusal, AdminUsageError, type AdminCommand } from './command.js';

const USAGE = 'deposits simulate takes an email, a network code (TRC20), a coin (USDT), an amount and, optionally, the reason.';

/**
 * A test deposit on a deployment where users cannot simulate one (issue 14 #1): the chain
 * simulator pays the user's own deposit address and the server's watcher credits it like any
 * transfer. Only where the operator turned the simulator on (SIMULATED_CHAINS=operator or on), on
 * a network no real adapter serves; the transfer and its audit entry commit together.
 */
export const depositsSimulate: AdminCommand = {
  words: ['deposits', 'simulate'],
  args: '<email> <network> <coin> <amount> [reason]',
  summary: 'Sends a test deposit from the chain simulator to the user (SIMULATED_CHAINS=operator or on only); written to the audit log.',
  async run(ctx, args) {
    const [email, networkCode, coin, amount, ...why] = args;
    if (!email || !networkCode || !coin || !amount) throw new AdminUsageError(USAGE);
    const chains = ctx.chains;
    if (!chains || chains.mode === 'off') {
      throw new AdminRefusal('The chain simulator is off here (SIMULATED_CHAINS=off): a test deposit needs SIMULATED_CHAINS=operator or on.');
    }
    const network = networkByCode(networkCode);
    if (!network) throw new AdminRefusal(`No network has the code ${networkCode}.`);
    const user = await ctx.db.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = $1', [email.trim().toLowerCase()]);
    const target = user.rows[0];
    if (!target) throw new AdminRefusal(`No user has the email ${email}.`);
    const reason = why.join(' ').trim() || null;
    const at = ctx.now();
    try {
      const sent = await ctx.db.tx(async (q) => {
        const simulator = new SimulatedChains(q, chains.networkIds, chains.blockMs);
        const t = await sendTestDeposit({ db: q, keys: chains.keys, simulator, nowMs: at.getTime() }, target.id, network.id, coin, amount);
        await recordAudit(q, {
          at,
          operator: ctx.operator ?? 'cli',
          role: 'admin',
          action: 'deposits.simulate',
          target: `user ${target.email}`,
          after: { network: t.network, symbol: t.symbol, amount: t.amount, address: t.to, memo: t.memo, tx_hash: t.txHash },
          reason,
        });
        return t;
      });
      return `Sent ${sent.amount} ${sent.symbol} on ${sent.network} to ${target.email} (${sent.to}), transaction ${sent.txHash}. The server credits it after ${network.confirmations} confirmations.`;
    } catch (err) {
      if (err instanceof AppError) throw new AdminRefusal(err.message);
      throw err;
    }
  },
};
