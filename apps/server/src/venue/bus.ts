import type { VenueMessage } from './events.js';

export type VenueListener = (message: VenueMessage) => void;

/**
 * The one stream of what the venues committed. In-process today; several server processes will
 * put NATS behind the same interface (issue 13), so messages are plain data.
 */
export interface VenueBus {
  publish(message: VenueMessage): void;
  subscribe(listener: VenueListener): () => void;
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
}
