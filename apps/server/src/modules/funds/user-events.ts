type Listener<T> = (userId: string, record: () => T) => void;

/**
 * A user's deposit or withdrawal changed: the private websocket's `deposits` and `withdrawals`
 * channels listen. The row is built only if a listener wants it (most users have no socket open).
 */
export class UserEvents<T> {
  private readonly listeners = new Set<Listener<T>>();

  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(userId: string, record: () => T): void {
    for (const l of this.listeners) l(userId, record);
  }
}
