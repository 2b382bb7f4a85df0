export interface SessionEvent {
  /** `revoked`: sessions of the user were ended (see `scope`). `changed`: what a session carries changed (email verified). */
  kind: 'revoked' | 'changed';
  userId: string;
  /** Which sessions a `revoked` ended; every one of the user's when absent (a password reset). */
  scope?: RevokedScope;
}

export type RevokedScope =
  /** Every session but the signed-in page's that made a password or email change. */
  | { allBut: string }
  /** The one session the user ended from the security centre. */
  | { only: string };

/** Whether a `revoked` event ended the session `sessionId`. */
export function endedBy(event: SessionEvent, sessionId: string): boolean {
  if (event.kind !== 'revoked') return false;
  if (!event.scope) return true;
  return 'only' in event.scope ? event.scope.only === sessionId : event.scope.allBut !== sessionId;
}

/**
 * Tells every cache of session state that a user's sessions changed, right after the change was
 * committed: in this process (inProcessSessionEvents), or on a cluster in every process
 * (cluster/session-events.ts, over NATS).
 */
export interface SessionEvents {
  revoked(userId: string, scope?: RevokedScope): void;
  changed(userId: string): void;
  /** Returns the function that stops listening. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
}

export function inProcessSessionEvents(): SessionEvents {
  const listeners = new Set<(event: SessionEvent) => void>();
  const emit = (event: SessionEvent): void => {
    for (const listener of listeners) listener(event);
  };
  return {
    revoked: (userId, scope) => emit(scope ? { kind: 'revoked', userId, scope } : { kind: 'revoked', userId }),
    changed: (userId) => emit({ kind: 'changed', userId }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
