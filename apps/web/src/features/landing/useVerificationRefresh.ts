import { useEffect, useReducer } from 'react';
import { usePolling } from '../../shared/hooks/usePolling';
import { readSession, saveProfile } from '../../shared/session/session';

/** How often a landing page under review asks again, so its hero turns to "Account Verified" by itself. */
export const PENDING_REFRESH_MS = 10_000;

/**
 * The stored verification status (spec 1 §3's is_verified) is written at login and by the
 * verification page; a review decided since then (the operator, or the automatic approval) reaches
 * the hero through this read on each visit, and every 10 s while the review is pending. A failed
 * read leaves the stored status as it was.
 */
export function useVerificationRefresh(userId: string | null, pending = false): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [round, again] = useReducer((n: number) => n + 1, 0);
  usePolling(pending && userId !== null, PENDING_REFRESH_MS, again);
  useEffect(() => {
    if (!userId) return undefined;
    const controller = new AbortController();
    // Loaded after the page: the API client and its schemas are over the landing's size budget.
    import('../../shared/api/account')
      .then(({ fetchUserInformation }) => fetchUserInformation(userId, controller.signal))
      .then(
        (info) => {
          if (controller.signal.aborted) return;
          const status = info.user_detail.is_verified;
          if (readSession()?.isVerified === status) return;
          saveProfile({ isVerified: status });
          rerender();
        },
        () => undefined,
      );
    return () => controller.abort();
  }, [userId, round]);
}
