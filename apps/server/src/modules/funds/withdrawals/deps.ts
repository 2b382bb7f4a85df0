import type { WithdrawalRecord } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import type { Idempotency } from '../../../ledger/idempotency.js';
import type { Ledger } from '../../../ledger/ledger.js';
import type { Mail } from '../../../mail/mailer.js';
import type { Dec } from '../../../shared/decimal.js';
import type { UserEvents } from '../user-events.js';

export interface WithdrawalLimits {
  /** Daily limit in USDT value of a verified user (an unverified one cannot withdraw). */
  dailyLimitUsdt: Dec;
  /** Above this USDT value a withdrawal waits for an operator's approval. */
  reviewThresholdUsdt: Dec;
}

/** The emailed confirmation codes: made, hashed and compared as the account codes are (accounts/codes.ts). */
export interface ConfirmCodes {
  generate(): string;
  hash(code: string): string;
  matches(code: string, hash: string): boolean;
}

export interface WithdrawalDeps {
  db: Database;
  ledger: Ledger;
  idempotency: Idempotency;
  events: UserEvents<WithdrawalRecord>;
  limits: WithdrawalLimits;
  /** Whether the chains can pay the coin on the network (the EVM adapter needs a token's contract). */
  pays(networkId: number, symbol: string): boolean;
  /** Last traded price in USDT; undefined when the coin has none. */
  price(symbol: string): string | undefined;
  now: () => Date;
  /** The authenticator check (modules/security): passes a user without the app, spends the code of one with it. */
  secondFactor: SecondFactorCheck;
  codes: ConfirmCodes;
  /** Sends the confirmation mail; a failure is logged by it, and the user can ask for another code. */
  mail(mail: Mail): Promise<void>;
  /** The email of a user (the confirmation mail's recipient). */
  emailOf(userId: string): Promise<string | null>;
}

export interface SecondFactorCheck {
  require(userId: string, code: string | undefined): Promise<void>;
}
