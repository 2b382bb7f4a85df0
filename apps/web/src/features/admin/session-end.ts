import { ApiError } from '../../shared/api/http';
import { forgetSession } from '../../shared/session/session';

const listeners = new Set<() => void>();

/** Calls `listener` when a console call finds the session ended (an operator's idle limit, docs/operators.md); returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Told by a console call answered 401: the stored session is dropped, and the console asks for a new login. */
export function sessionEnded(): void {
  forgetSession();
  for (const listener of listeners) listener();
}

/** The call's answer; a 401 on the way ends the console's session first. */
export async function watched<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionEnded();
    throw error;
  }
}
