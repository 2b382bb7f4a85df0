/** A step through a list of options, menu items, tabs or toolbar buttons. */
export type ListMove = 'next' | 'previous' | 'first' | 'last';

/** Vertical lists answer Up and Down, horizontal ones Left and Right (WAI-ARIA Authoring Practices). */
export type Orientation = 'vertical' | 'horizontal';

const MOVES: Record<Orientation, Readonly<Record<string, ListMove>>> = {
  vertical: { ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' },
  horizontal: { ArrowRight: 'next', ArrowLeft: 'previous', Home: 'first', End: 'last' },
};

/** The move a key makes in a list of the given orientation, or null for other keys. */
export function moveForKey(key: string, orientation: Orientation): ListMove | null {
  return MOVES[orientation][key] ?? null;
}

/**
 * The index a move lands on among `count` items, from `current` (-1 when none is active yet):
 * next and previous step and wrap round, first and last jump to the ends. -1 when the list is empty.
 */
export function nextIndex(move: ListMove, current: number, count: number): number {
  if (count <= 0) return -1;
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return current < 0 ? 0 : (current + 1) % count;
    case 'previous':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
  }
}
