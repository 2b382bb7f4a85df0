import { useEffect, useReducer } from 'react';
import { readSession, saveProfile } from '../../shared/session/session';

/**
 * The stored verification status (spec 1 §3's is_verified) is written at login and by the
 * verification page; a review decided since then (the operator, or the automatic approval) reaches
 * the hero through this read on each visit. A failed read leaves the stored status as it was.
 */
export function useVerificationRefresh(userId: string | null): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
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
  }, [userId]);
}
