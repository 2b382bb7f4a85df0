import type { VenueMessage } from './events.js';

export type VenueListener = (message: VenueMessage) => void;

/**
 * The one stream of what the venues committed: in-process on one server, over NATS in a cluster
 * (cluster-bus.ts), so messages are plain data.
 */
export interface VenueBus {
  publish(message: VenueMessage): void;
  subscribe(listener: VenueListener): () => void;
  /**
   * This process serves the user's private feed until the returned function is called. A committed
   * message's orders and fills may be delivered only for users watched here (a cluster's follower
   * hears no one else's); its events always are.
   */
  watchUser(userId: string): () => void;
}

/** Delivers synchronously to every subscriber of this process; a throwing subscriber cannot stop the others. */
export class LocalBus implements VenueBus {
  private readonly listeners = new Set<VenueListener>();

  constructor(private readonly onError: (err: unknown) => void) {}

  publish(message: VenueMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  subscribe(listener: VenueListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every user's orders and fills are delivered here already: they are this process's own. */
  watchUser(): () => void {
    return () => undefined;
  }
}
