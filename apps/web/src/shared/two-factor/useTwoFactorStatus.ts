import { useEffect, useState } from 'react';
import { fetchSecurityOverview } from '../api/security';

/**
 * Whether the user has the authenticator app on, so a change form shows its field from the
 * start. Unknown (a failed read) counts as off: the server then answers TOTP_REQUIRED and the
 * form shows the field.
 */
export function useTwoFactorStatus(userId: string | null): [boolean, (on: boolean) => void] {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    if (!userId) return undefined;
    const controller = new AbortController();
    fetchSecurityOverview(userId, controller.signal).then(
      (overview) => setEnabled(overview.totp_enabled),
      () => undefined,
    );
    return () => controller.abort();
  }, [userId]);
  return [enabled, setEnabled];
}
