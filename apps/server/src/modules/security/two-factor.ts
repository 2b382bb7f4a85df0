import { isTotpCode, RECOVERY_CODE_PATTERN, securityErrorCodes, securityMessages, type TotpSetupResponse } from '@exchange/contract';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordNotification } from '../notifications/index.js';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.js';
import type { SecretBox } from './secret-box.js';
import {
  deleteTwoFactor,
  isTwoFactorEnabled,
  markEnabled,
  recordAccepted,
  recordFailure,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
  twoFactorForUpdate,
  type TwoFactorRow,
} from './store.js';
import { judgeCode, newTotpSecret, otpauthUri } from './totp.js';

/** Wrong codes allowed per window before the user must wait: 5 guesses of 3 live codes in a million. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * 60_000;

export interface RequireOptions {
  /** Take a recovery code as well (logging in, turning the app off), not only the app's code. */
  recovery?: boolean;
}

/** The authenticator app (RFC 6238) of every user: enrolment, and the check each guarded action runs. */
export interface TwoFactor {
  enabled(userId: string): Promise<boolean>;
  /** A new secret waiting for its first code; 409 when the app is already on. */
  setup(userId: string, accountName: string): Promise<TotpSetupResponse>;
  /**
   * Turns the app on with the waiting secret's first code; answers the recovery codes, in clear this
   * once. `reauthenticated` spends the owner's other proof in the same transaction.
   */
  enable(userId: string, code: string, reauthenticated: (q: Queryable) => Promise<void>): Promise<string[]>;
  /** Turns the app off with one of its codes or a recovery code, inside the caller's change `then`. */
  disable(userId: string, code: string, then: (q: Queryable) => Promise<void>): Promise<void>;
  /**
   * Nothing when the user has the app off. Otherwise 403 TOTP_REQUIRED without a code, 400
   * TOTP_INVALID for a wrong one, 400 TOTP_USED for one already spent (not counted as a wrong
   * guess), 429 TOTP_LOCKED after too many wrong ones; a right code is spent.
   */
  require(userId: string, code: string | undefined, options?: RequireOptions): Promise<void>;
}

export interface TwoFactorDeps {
  db: Database;
  box: SecretBox;
  now: () => Date;
}

type Check = { ok: true } | { ok: false; error: AppError };

const invalid = (): AppError => new AppError(400, securityMessages.totpInvalid, securityErrorCodes.totpInvalid);
const used = (): AppError => new AppError(400, securityMessages.totpUsed, securityErrorCodes.totpUsed);

export function createTwoFactor({ db, box, now }: TwoFactorDeps): TwoFactor {
  /** Checks a code against the locked row; a failure is recorded, so the caller commits before throwing. */
  async function check(q: Queryable, userId: string, row: TwoFactorRow, code: string, recovery: boolean): Promise<Check> {
    const at = now();
    const windowStart = new Date(at.getTime() - TOTP_FAILURE_WINDOW_MS);
    const since = row.failures_since ? new Date(row.failures_since) : null;
    if (since && since > windowStart && row.failures >= TOTP_MAX_FAILURES) {
      const retry = Math.max(1, Math.ceil((since.getTime() + TOTP_FAILURE_WINDOW_MS - at.getTime()) / 1000));
      return { ok: false, error: new AppError(429, securityMessages.totpLocked, securityErrorCodes.totpLocked, retry) };
    }
    const trimmed = code.trim();
    if (isTotpCode(trimmed)) {
      const verdict = judgeCode(box.open(row.sealed_secret), trimmed, at.getTime(), Number(row.last_used_step));
      if (verdict.kind === 'accepted') {
        await recordAccepted(q, userId, verdict.step);
        return { ok: true };
      }
      // The owner's own code sent twice (a double click, a retried request) is no guess: counting
      // it would let one code, sent ten times at once, lock its owner out.
      if (verdict.kind === 'used') return { ok: false, error: used() };
    } else if (recovery && RECOVERY_CODE_PATTERN.test(trimmed.replace(/\s/g, ''))) {
      const spent = await spendRecoveryCode(q, userId, box.hash(normalizeRecoveryCode(trimmed)), at);
      if (spent === 'spent') {
        await recordAccepted(q, userId, 0);
        return { ok: true };
      }
      if (spent === 'used') return { ok: false, error: used() };
    }
    await recordFailure(q, userId, at, windowStart);
    return { ok: false, error: invalid() };
  }

  /** Runs `check` in its own transaction, then `then` in the same one when the code is right. */
  async function checked(
    userId: string,
    code: string,
    recovery: boolean,
    state: 'enabled' | 'pending',
    then?: (q: Queryable) => Promise<void>,
  ): Promise<void> {
    const result = await db.tx(async (q): Promise<Check> => {
      const row = await twoFactorForUpdate(q, userId);
      if (!row || (state === 'enabled') !== (row.enabled_at !== null)) {
        const message = state === 'pending' ? (row ? securityMessages.totpAlreadyEnabled : securityMessages.totpSetupMissing) : securityMessages.totpNotEnabled;
        return { ok: false, error: new AppError(409, message, 'TOTP_STATE') };
      }
      const outcome = await check(q, userId, row, code, recovery);
      if (outcome.ok && then) await then(q);
      return outcome;
    });
    if (!result.ok) throw result.error;
  }

  return {
    enabled: (userId) => isTwoFactorEnabled(db, userId),

    async setup(userId, accountName) {
      const secret = newTotpSecret();
      if (!(await savePendingSecret(db, userId, box.seal(secret), now()))) {
        throw new AppError(409, securityMessages.totpAlreadyEnabled, 'TOTP_STATE');
      }
      return { secret, otpauth_uri: otpauthUri(secret, accountName) };
    },

    async enable(userId, code, reauthenticated) {
      const codes = newRecoveryCodes();
      await checked(userId, code, false, 'pending', async (q) => {
        await reauthenticated(q);
        await markEnabled(q, userId, now());
        await recordNotification(q, { userId, at: now(), body: { code: 'authenticator_enabled', params: {} } });
        await replaceRecoveryCodes(q, userId, codes.map((c) => box.hash(normalizeRecoveryCode(c))));
      });
      return codes;
    },

    async disable(userId, code, then) {
      await checked(userId, code, true, 'enabled', async (q) => {
        await deleteTwoFactor(q, userId);
        await recordNotification(q, { userId, at: now(), body: { code: 'authenticator_disabled', params: {} } });
        await then(q);
      });
    },

    async require(userId, code, options = {}) {
      if (!(await isTwoFactorEnabled(db, userId))) return;
      if (code === undefined || code.trim() === '') {
        throw new AppError(403, securityMessages.totpRequired, securityErrorCodes.totpRequired);
      }
      await checked(userId, code, options.recovery === true, 'enabled');
    },
  };
}
