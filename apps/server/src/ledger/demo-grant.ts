import { Dec } from '../shared/decimal.js';
import type { Queryable } from '../db/database.js';
import { systemOwners } from './accounts.js';
import { parsePositiveAmount } from './amounts.js';
import { LedgerInputError } from './errors.js';
import type { Ledger } from './ledger.js';
import { accountRef } from './postings.js';

export const DEMO_GRANT_ASSET = 'USDT';
export const DEFAULT_DEMO_GRANT = '10000';

/**
 * Books the sign-up grant of demo USDT into the user's spot wallet, as journal kind 'demo_grant',
 * inside the caller's transaction (the sign-up's, so the user never exists without it). An amount
 * of 0 turns the grant off and returns null; otherwise the journal transaction id.
 */
export async function grantDemo(ledger: Ledger, q: Queryable, userId: string, amount: string = DEFAULT_DEMO_GRANT): Promise<string | null> {
  if (/^\s*0*(\.0*)?\s*$/.test(amount)) return null;
  const value = parsePositiveAmount(amount);
  if (!value) throw new LedgerInputError(`Invalid demo grant amount ${amount}`);
  const text = new Dec(value.toFixed());
  return ledger.postNow(q, (b) =>
    b.post({
      kind: 'demo_grant',
      userId,
      ref: null,
      legs: [
        { account: accountRef(systemOwners.demoGrant, DEMO_GRANT_ASSET, 'spot'), amount: text.neg() },
        { account: accountRef(userId, DEMO_GRANT_ASSET, 'spot'), amount: text },
      ],
    }),
  );
}
