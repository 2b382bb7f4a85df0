import { randomUUID } from 'node:crypto';
import { walletMessages } from '@exchange/contract';
import type { Queryable } from '../db/database.js';
import type { WalletKind } from './accounts.js';
import { normalize, parsePositiveAmount } from './amounts.js';
import { LedgerInputError } from './errors.js';
import { inTx, type Executor } from './executor.js';
import { book } from './journal.js';

/** Wallets a user may move money between themselves (spec 3: Spot and Future). */
export type TransferWallet = Extract<WalletKind, 'spot' | 'futures'>;

export interface TransferInput {
  symbol: string;
  amount: string | number;
  from: TransferWallet;
  to: TransferWallet;
}

export interface TransferRecord {
  id: string;
  symbol: string;
  amount: string;
  from: TransferWallet;
  to: TransferWallet;
  status: 'completed';
  createdAt: Date;
}

const SYMBOL = /^[A-Z0-9]{2,10}$/;

/** Moves a user's own money between spot and futures: one journal transaction plus its transfers row. */
export async function transfer(exec: Executor, userId: string, input: TransferInput): Promise<TransferRecord> {
  const symbol = input.symbol.trim().toUpperCase();
  if (!SYMBOL.test(symbol)) throw new LedgerInputError(walletMessages.selectAsset);
  if (input.from === input.to) throw new LedgerInputError(walletMessages.sameAccounts);
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new LedgerInputError(walletMessages.invalidAmount);
  const text = amount.toFixed();

  return inTx(exec, async (q: Queryable) => {
    const id = randomUUID();
    const transactionId = await book(q, {
      kind: 'transfer',
      userId,
      ref: id,
      legs: [
        { account: { owner: userId, asset: symbol, wallet: input.from }, amount: `-${text}` },
        { account: { owner: userId, asset: symbol, wallet: input.to }, amount: text },
      ],
    });
    const res = await q.query<{ created_at: Date }>(
      `INSERT INTO transfers (id, user_id, symbol, amount, from_wallet, to_wallet, status, transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'completed', $7) RETURNING created_at`,
      [id, userId, symbol, text, input.from, input.to, transactionId],
    );
    const createdAt = res.rows[0]?.created_at ?? new Date();
    return { id, symbol, amount: normalize(text), from: input.from, to: input.to, status: 'completed', createdAt };
  });
}

export interface TransferHistoryRow {
  symbol: string;
  amount: string;
  from_wallet: TransferWallet;
  to_wallet: TransferWallet;
  status: string;
  created_at: Date;
}

/** A user's transfers, newest first. */
export async function transferHistory(q: Queryable, userId: string, limit = 200): Promise<TransferHistoryRow[]> {
  const res = await q.query<TransferHistoryRow>(
    `SELECT symbol, amount::text AS amount, from_wallet, to_wallet, status, created_at
     FROM transfers WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [userId, limit],
  );
  return res.rows.map((r) => ({ ...r, amount: normalize(r.amount) }));
}
