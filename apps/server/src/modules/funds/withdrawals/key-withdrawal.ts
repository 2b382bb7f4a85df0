import { randomUUID } from 'node:crypto';
import { withdrawMessages, type WithdrawalRecord } from '@exchange/contract';
import type { Answer } from '../../../ledger/idempotency.js';
import { accountRef } from '../../../ledger/postings.js';
import { bad, checkWithdrawal } from './check.js';
import type { WithdrawalDeps } from './deps.js';
import { withdrawalsInsertWriter, type WithdrawalSource } from './records.js';
import { needsReview } from './rules.js';
import { newWithdrawal } from './view.js';

/** A withdrawal an API key asks for: on chain, from one wallet, to an address that must be in the address book. */
export interface KeyWithdrawalInput {
  symbol: string;
  networkId: number;
  address: string;
  memo: string;
  amount: string;
  source: WithdrawalSource;
  /** The label of the key that asked, named in the mail and the notification. */
  keyLabel: string;
}

/**
 * Stores an API key's withdrawal held, in one ledger statement: every rule of the web's (identity,
 * lock, daily limit, fee, balance, the chain paying the coin) with the address book as a must, as
 * OKX takes API withdrawals only to verified addresses. An address entered the book with the mailed
 * code and the authenticator's, so that confirmation stands for this one; the operator's review
 * above the threshold stays.
 */
export async function submitHeld(
  deps: WithdrawalDeps,
  userId: string,
  input: KeyWithdrawalInput,
  answer?: Answer<WithdrawalRecord>,
): Promise<WithdrawalRecord> {
  const c = await checkWithdrawal(
    deps,
    userId,
    input.symbol,
    { initial_amount: input.amount, network_id: input.networkId, address: input.address, memo: input.memo || undefined, source: input.source },
    true,
  );
  const d = c.destination;
  if (d.kind !== 'onchain') throw bad(withdrawMessages.completeFields);
  const now = deps.now();
  const id = randomUUID();
  const status = needsReview(c.value, deps.limits.reviewThresholdUsdt) ? 'review' : 'prepared';
  const source = accountRef(userId, c.symbol, input.source);
  return deps.ledger.transact({
    reads: [source],
    run: (tx) => {
      if (tx.available(source).lt(c.amount)) throw tx.shortOf(source, bad(withdrawMessages.insufficient, 'INSUFFICIENT_BALANCE'));
      const holdId = tx.placeHold(source, c.amount, 'withdrawal', id).id;
      const { row, view } = newWithdrawal(
        {
          id,
          userId,
          kind: 'onchain',
          source: input.source,
          symbol: c.symbol,
          networkId: d.network.id,
          address: d.address,
          memo: d.memo,
          recipientId: null,
          status,
          confirmCodeHash: null,
          confirmExpiresAt: null,
          holdId,
          createdAt: now,
        },
        c,
        null,
      );
      tx.record(withdrawalsInsertWriter, row);
      if (answer) tx.record(deps.idempotency.answers, answer(201, view));
      return view;
    },
  });
}
