export interface SessionEvent {
  /** `revoked`: every session the user had was ended (password reset or change). `changed`: what a session carries changed (email verified). */
  kind: 'revoked' | 'changed';
  userId: string;
}

/**
 * Tells every cache of session state that a user's sessions changed, right after the change was
 * committed. In-process for now: the caches of this process hear it at once, other server
 * processes only when their cached entry expires (SESSION_STATE_TTL_MS). Issue 13 carries these
 * events between processes over NATS behind this same interface.
 */
export interface SessionEvents {
  revoked(userId: string): void;
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
    revoked: (userId) => emit({ kind: 'revoked', userId }),
    changed: (userId) => emit({ kind: 'changed', userId }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
