import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../background-work.js';
import type { Database } from '../../db/database.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Sessions } from '../sessions/index.js';
import type { PasswordHashing, RateLimitConfig } from '../../config/kernel-config.js';

/** What the account services need from the outside world. */
export interface AccountContext {
  db: Database;
  /** Books the sign-up grant. */
  ledger: Ledger;
  mailer: Mailer;
  sessions: Sessions;
  now: () => Date;
  /** HMAC key of stored one-time codes. */
  codePepper: string;
  rateLimit: RateLimitConfig;
  /** The cost of the password hashes it makes (config.passwordHashing). */
  passwordHashing: PasswordHashing;
  /** USDT granted at sign-up, booked in the sign-up transaction; '0' = none. */
  demoGrantUsdt: string;
  log: FastifyBaseLogger;
  /** Runs what must not delay or shape an answer, such as the mail of a resend. */
  background: BackgroundWork;
  /** The authenticator app (modules/security): login, password and email changes ask it once the user has it on. */
  twoFactor: SecondFactor;
  /** The fee tier flag of user_detail.tier: true when the user is Premium (modules/fee-tier). */
  premiumTier: (userId: string) => Promise<boolean>;
}

/** The authenticator app's check, as the security product's two-factor answers it. */
export interface SecondFactor {
  enabled(userId: string): Promise<boolean>;
  /** Nothing when the app is off; else throws unless `code` is a right, unspent code (a recovery code too with `recovery`). */
  require(userId: string, code: string | undefined, options?: { recovery?: boolean }): Promise<void>;
}
