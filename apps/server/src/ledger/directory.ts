import type { Queryable } from '../db/database.js';
import { Dec } from '../shared/decimal.js';
import { allowsNegative } from './accounts.js';
import { accountRef, type AccountRef } from './postings.js';

const ENSURE_SQL = `WITH k AS (SELECT * FROM json_to_recordset($1::json) AS k(owner text, asset text, wallet text, neg boolean)),
ins AS (INSERT INTO ledger_accounts (id, owner, asset, wallet, allow_negative)
  SELECT gen_random_uuid(), owner, asset, wallet, neg FROM k ON CONFLICT (owner, asset, wallet) DO NOTHING
  RETURNING id, owner, asset, wallet, available)
SELECT id::text AS id, owner, asset, wallet, available::text AS available, true AS inserted FROM ins
UNION ALL
SELECT a.id::text, a.owner, a.asset, a.wallet, a.available::text, false FROM ledger_accounts a JOIN k USING (owner, asset, wallet)`;

/** A concurrent creator may commit between our insert and our read; the next try sees its row. */
const ENSURE_TRIES = 3;

export interface AccountRow {
  account: AccountRef;
  id: string;
  available: Dec;
}

/**
 * Ids of ledger accounts, created on first use. Accounts are never deleted, so an id once read is
 * kept for the life of the process and the batch statement addresses accounts by primary key. An
 * account created inside a caller's transaction is kept only for that transaction: until it
 * commits, another transaction cannot see the row, and its update of it would match nothing.
 */
export class AccountDirectory {
  private readonly ids = new Map<AccountRef, string>();

  has(account: AccountRef): boolean {
    return this.ids.has(account);
  }

  id(account: AccountRef): string {
    const id = this.ids.get(account);
    if (id === undefined) throw new Error(`ledger account ${account.key} was not resolved`);
    return id;
  }

  /**
   * Creates the accounts that do not exist yet and answers the id and available balance of each.
   * `inTransaction`: `q` is a transaction that has not committed, so rows it creates are not kept.
   */
  async read(q: Queryable, accounts: readonly AccountRef[], inTransaction = false): Promise<AccountRow[]> {
    const wanted = new Set(accounts);
    const found: AccountRow[] = [];
    for (let attempt = 1; wanted.size > 0; attempt += 1) {
      const keys = [...wanted].map((a) => ({ owner: a.owner, asset: a.asset, wallet: a.wallet, neg: allowsNegative(a.owner) }));
      const res = await q.query<{ id: string; owner: string; asset: string; wallet: AccountRef['wallet']; available: string; inserted: boolean }>(
        ENSURE_SQL,
        [JSON.stringify(keys)],
        'ledger-ensure-accounts',
      );
      for (const r of res.rows) {
        const account = accountRef(r.owner, r.asset, r.wallet);
        if (!wanted.delete(account)) continue;
        if (!inTransaction || !r.inserted) this.ids.set(account, r.id);
        found.push({ account, id: r.id, available: new Dec(r.available) });
      }
      if (wanted.size > 0 && attempt >= ENSURE_TRIES) throw new Error(`ledger accounts could not be created: ${[...wanted].map((a) => a.key).join(', ')}`);
    }
    return found;
  }

  /** The id of every account (creating the missing ones), by key. */
  async resolve(q: Queryable, accounts: readonly AccountRef[], inTransaction = false): Promise<(a: AccountRef) => string> {
    const unknown = accounts.filter((a) => !this.has(a));
    const local = new Map<AccountRef, string>();
    if (unknown.length > 0) for (const r of await this.read(q, unknown, inTransaction)) local.set(r.account, r.id);
    return (a) => local.get(a) ?? this.id(a);
  }
}
