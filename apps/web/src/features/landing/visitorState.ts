import type { StoredSession } from '../../shared/session/session';

/** The three visitor states of spec 1 §4 that the hero and bottom banner switch on. */
export type VisitorState = 'anonymous' | 'unverified' | 'verified';

export function visitorStateOf(session: StoredSession | null): VisitorState {
  if (!session) return 'anonymous';
  return session.isVerified === 'true' ? 'verified' : 'unverified';
}
