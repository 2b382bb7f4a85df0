import { apiErrorCodes, serverMessages, walletMessages } from '@exchange/contract';
import { AppError } from '../errors.js';

/** A debit or hold that the account's available balance cannot cover. */
export class InsufficientBalanceError extends AppError {
  constructor() {
    super(400, walletMessages.insufficientBalance, 'INSUFFICIENT_BALANCE');
    this.name = 'InsufficientBalanceError';
  }
}

/** A request the ledger refuses before touching the database (bad amount, unbalanced legs...). */
export class LedgerInputError extends AppError {
  constructor(message: string) {
    super(400, message, 'VALIDATION');
    this.name = 'LedgerInputError';
  }
}

/** Seconds a refused client is told to wait: a full queue drains in well under that at the rates the server is built for. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The ledger's queue is full: nothing of the request was done, and sending it again is safe. It has
 * no stack: past capacity one is made for every refused order, and capturing a stack for each was a
 * tenth of the server's CPU (issue 42's paced bench), CPU the ledger needed to drain the queue.
 */
export class LedgerBusy extends AppError {
  constructor() {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(503, serverMessages.busy, apiErrorCodes.busy, BUSY_RETRY_AFTER_SECONDS);
    Error.stackTraceLimit = limit;
    this.name = 'LedgerBusy';
  }
}
