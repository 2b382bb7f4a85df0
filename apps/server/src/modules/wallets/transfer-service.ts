import { randomUUID } from 'node:crypto';
import { walletMessages, type TransferAccount, type TransferResponse } from '@exchange/contract';
import { normalize, parsePositiveAmount } from '../../ledger/amounts.js';
import { LedgerInputError } from '../../ledger/errors.js';
import type { Answer, Idempotency, KeyedRequest } from '../../ledger/idempotency.js';
import type { Ledger } from '../../ledger/ledger.js';
import { jsonRows, type RecordWriter } from '../../ledger/records.js';
import { Dec } from '../../shared/decimal.js';
import { accountRef } from '../../ledger/postings.js';
import { withinMaximum } from '../../shared/asset-limits.js';

/** Wallets a user may move money between themselves: spec 3's Spot and Future, and Funding (issue 40). */
export type TransferWallet = TransferAccount;

export interface TransferInput {
  symbol: string;
  amount: string | number;
  from: TransferWallet;
  to: TransferWallet;
}

interface TransferRow {
  id: string;
  userId: string;
  symbol: string;
  amount: string;
  from: TransferWallet;
  to: TransferWallet;
  transactionId: string;
  createdAt: Date;
}

/** The transfer's business record, written in the ledger batch that moves its money. */
export const transfersWriter: RecordWriter<TransferRow> = {
  name: 'transfers',
  paramCount: 1,
  sql: (n) => `INSERT INTO transfers (id, user_id, symbol, amount, from_wallet, to_wallet, status, transaction_id, created_at)
  SELECT id, user_id, symbol, amount, from_wallet, to_wallet, 'completed', transaction_id, created_at
  FROM json_to_recordset($${n}::json) AS t(id uuid, user_id uuid, symbol text, amount numeric, from_wallet text,
    to_wallet text, transaction_id uuid, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((t) => ({
        id: t.id,
        user_id: t.userId,
        symbol: t.symbol,
        amount: t.amount,
        from_wallet: t.from,
        to_wallet: t.to,
        transaction_id: t.transactionId,
        created_at: t.createdAt.toISOString(),
      })),
    ),
  ],
};

export interface TransferDeps {
  ledger: Ledger;
  idempotency: Idempotency;
  now: () => Date;
}

const SYMBOL = /^[A-Z0-9]{2,10}$/;

function answerOf(t: TransferRow): TransferResponse {
  return {
    success: true,
    message: walletMessages.transferSuccessful,
    transfer: {
      id: t.id,
      symbol: t.symbol,
      amount: normalize(t.amount),
      transfer_from: t.from,
      transfer_to: t.to,
      status: 'completed',
      created_at: t.createdAt.toISOString(),
    },
  };
}

/**
 * Moves a user's own money between two of their funding, spot and futures wallets: one journal transaction and its transfers row
 * in one ledger batch (the ledger refuses a debit the balance cannot pay). With an Idempotency-Key the first answer is stored with it and replayed.
 */
export async function transfer(
  deps: TransferDeps,
  userId: string,
  input: TransferInput,
  idempotency?: KeyedRequest,
): Promise<{ answer: TransferResponse; replayed: boolean }> {
  const symbol = input.symbol.trim().toUpperCase();
  if (!SYMBOL.test(symbol)) throw new LedgerInputError(walletMessages.selectAsset);
  if (input.from === input.to) throw new LedgerInputError(walletMessages.sameAccounts);
  const parsed = parsePositiveAmount(input.amount);
  if (!parsed) throw new LedgerInputError(walletMessages.invalidAmount);
  const amount = withinMaximum(new Dec(parsed.toFixed()), symbol);
  const from = accountRef(userId, symbol, input.from);
  const to = accountRef(userId, symbol, input.to);

  const run = (answer?: Answer<TransferResponse>) =>
    deps.ledger.transact({
      reads: [from],
      run: (tx) => {
        const id = randomUUID();
        const transactionId = tx.post({
          kind: 'transfer',
          userId,
          ref: id,
          legs: [
            { account: from, amount: amount.neg() },
            { account: to, amount },
          ],
        });
        const row: TransferRow = { id, userId, symbol, amount: amount.toFixed(), from: input.from, to: input.to, transactionId, createdAt: deps.now() };
        tx.record(transfersWriter, row);
        const body = answerOf(row);
        if (answer) tx.record(deps.idempotency.answers, answer(201, body));
        return body;
      },
    });
  return deps.idempotency.answer(userId, idempotency, 201, run);
}
