import { systemOwners } from './accounts.js';
import { parsePositiveAmount } from './amounts.js';
import { LedgerInputError } from './errors.js';
import { inTx, type Executor } from './executor.js';
import { book } from './journal.js';

export const DEMO_GRANT_ASSET = 'USDT';
export const DEFAULT_DEMO_GRANT = '10000';

/**
 * Books the sign-up grant of demo USDT into the user's spot wallet, as journal kind 'demo_grant'.
 * An amount of 0 turns the grant off and returns null; otherwise the journal transaction id.
 */
export async function grantDemo(
  exec: Executor,
  userId: string,
  amount: string = DEFAULT_DEMO_GRANT,
): Promise<string | null> {
  if (/^\s*0*(\.0*)?\s*$/.test(amount)) return null;
  const value = parsePositiveAmount(amount);
  if (!value) throw new LedgerInputError(`Invalid demo grant amount ${amount}`);
  const text = value.toFixed();
  return inTx(exec, (q) =>
    book(q, {
      kind: 'demo_grant',
      userId,
      legs: [
        { account: { owner: systemOwners.demoGrant, asset: DEMO_GRANT_ASSET, wallet: 'spot' }, amount: `-${text}` },
        { account: { owner: userId, asset: DEMO_GRANT_ASSET, wallet: 'spot' }, amount: text },
      ],
    }),
  );
}
