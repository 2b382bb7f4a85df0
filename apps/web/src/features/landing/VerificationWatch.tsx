import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchUserInformation } from '../../shared/api/account';
import { queryClient } from '../../shared/query/queryClient';
import { scopes } from '../../shared/query/keys';
import { readSession, saveProfile } from '../../shared/session/session';

/** How often a landing page under review asks again, so its hero turns to "Account Verified" by itself. */
export const PENDING_REFRESH_MS = 10_000;

interface VerificationWatchProps {
  userId: string;
  pending: boolean;
  /** The stored status changed: the hero reads it again. */
  onChanged: () => void;
}

/**
 * The stored verification status (spec 1 §3's is_verified) is written at login and by the
 * verification page; a review decided since then (the operator, or the automatic approval) reaches
 * the hero through this read on each visit, and every 10 s while the review is pending. It shares
 * the verification page's cached answer. A failed read leaves the stored status as it was. Loaded
 * after the page: the query cache, the API client and its schemas are over the landing's budget.
 */
export default function VerificationWatch({ userId, pending, onChanged }: VerificationWatchProps) {
  const { data } = useQuery(
    {
      queryKey: [scopes.userInformation, userId],
      queryFn: ({ signal }) => fetchUserInformation(userId, signal),
      refetchInterval: pending ? PENDING_REFRESH_MS : false,
    },
    queryClient,
  );
  const status = data?.user_detail.is_verified;
  useEffect(() => {
    if (!status || readSession()?.isVerified === status) return;
    saveProfile({ isVerified: status });
    onChanged();
  }, [status, onChanged]);
  return null;
}
