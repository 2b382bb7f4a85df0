import type { StoredSession } from '../../shared/session/session';

/**
 * The visitor states of spec 1 §4 that the hero and bottom banner switch on, with spec 3 §3's
 * "pending" (documents under review) told apart from not yet submitted.
 */
export type VisitorState = 'anonymous' | 'unverified' | 'pending' | 'verified';

export function visitorStateOf(session: StoredSession | null): VisitorState {
  if (!session) return 'anonymous';
  if (session.isVerified === 'true') return 'verified';
  return session.isVerified === 'pending' ? 'pending' : 'unverified';
}
