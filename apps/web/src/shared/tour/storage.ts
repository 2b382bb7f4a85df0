/** The seen flag is a plain "true" string, as stored by the original product. */
const SEEN = 'true';
const COLLAPSED = 'collapsed';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the tour still works, it just is not remembered.
  }
}

/** Whether this browser has started the tour stored under `key`; storage failures count as unseen. */
export function hasSeenTour(key: string): boolean {
  return read(key) === SEEN;
}

export function markTourSeen(key: string): void {
  write(key, SEEN);
}

/** The help panel's own flag sits beside the tour's seen flag, one per page's tour. */
export function helpPanelKey(tourKey: string): string {
  return `${tourKey}.helpPanel`;
}

/**
 * The "Need Help?" panel opens expanded once, for a visitor who has neither started this tour nor
 * seen or minimised its panel before; everyone else gets the small launcher.
 */
export function helpStartsCollapsed(tourKey: string): boolean {
  return hasSeenTour(tourKey) || read(helpPanelKey(tourKey)) === COLLAPSED;
}

export function markHelpCollapsed(tourKey: string): void {
  write(helpPanelKey(tourKey), COLLAPSED);
}
