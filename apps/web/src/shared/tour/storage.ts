/** The seen flag is a plain "true" string, as stored by the original product. */
const SEEN = 'true';

/** Whether this browser has started the tour stored under `key`; storage failures count as unseen. */
export function hasSeenTour(key: string): boolean {
  try {
    return localStorage.getItem(key) === SEEN;
  } catch {
    return false;
  }
}

export function markTourSeen(key: string): void {
  try {
    localStorage.setItem(key, SEEN);
  } catch {
    // Private mode or full storage: the tour still works, it just is not remembered.
  }
}
