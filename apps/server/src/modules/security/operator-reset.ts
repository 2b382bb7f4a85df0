import type { Queryable } from '../../db/database.js';
import { recordNotification } from '../notifications/index.js';
import { deleteTwoFactor, twoFactorForUpdate } from './store.js';

/**
 * An operator turns the user's authenticator off after checking who asks (issue 43), in the
 * caller's transaction; false when the user had none. The user is told, as when they turn it off.
 */
export async function resetTwoFactor(q: Queryable, userId: string, at: Date): Promise<boolean> {
  if (!(await twoFactorForUpdate(q, userId))) return false;
  await deleteTwoFactor(q, userId);
  await recordNotification(q, { userId, at, body: { code: 'authenticator_disabled', params: {} } });
  return true;
}
