import { walletMessages } from '@exchange/contract';
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
