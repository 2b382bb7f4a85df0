import { futuresMessages } from '@exchange/contract';
import { AppError } from '../../errors.js';
import { LedgerWriteFailed } from '../../ledger/ledger.js';

/** A batch that did not commit answers the futures' trade failure. */
export async function futuresFailed<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof LedgerWriteFailed) throw new AppError(500, futuresMessages.tradeFailed, 'FUTURES_BATCH_FAILED');
    throw err;
  }
}
