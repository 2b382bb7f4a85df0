import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../background-work.js';
import type { Database } from '../../db/database.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Sessions } from '../sessions/sessions.js';
import type { RateLimitConfig } from '../../config.js';
import type { TwoFactor } from '../security/two-factor.js';

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
  /** USDT granted at sign-up, booked in the sign-up transaction; '0' = none. */
  demoGrantUsdt: string;
  log: FastifyBaseLogger;
  /** Runs what must not delay or shape an answer, such as the mail of a resend. */
  background: BackgroundWork;
  /** The authenticator app: login, password and email changes ask it once the user has it on. */
  twoFactor: TwoFactor;
  /** The fee tier flag of user_detail.tier: true when the user is Premium (modules/fee-tier). */
  premiumTier: (userId: string) => Promise<boolean>;
}
