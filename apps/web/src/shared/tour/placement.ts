export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type Side = 'below' | 'above' | 'right' | 'left' | 'center';

export interface CardPosition {
  side: Side;
  /** Fixed-position coordinates of the card; absent for 'center', which CSS centres. */
  top?: number;
  /** Used above the target so the card hugs it whatever its real height. */
  bottom?: number;
  left?: number;
}

export const CARD_WIDTH = 360;
/** Planned height of the card; the real one varies a little with the text, CSS caps it. */
export const CARD_HEIGHT = 280;
const GAP = 16;
const MARGIN = 12;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Puts the card on the side of the target with room for it, preferring below, then above,
 * right and left; a target too big for any side (or no target) gets a centred card.
 */
export function placeCard(target: Box | null, viewport: { width: number; height: number }): CardPosition {
  if (!target) return { side: 'center' };
  const width = Math.min(CARD_WIDTH, viewport.width - 2 * MARGIN);
  const centredLeft = clamp(target.left + target.width / 2 - width / 2, MARGIN, viewport.width - width - MARGIN);
  const alignedTop = clamp(target.top, MARGIN, viewport.height - CARD_HEIGHT - MARGIN);
  const bottom = target.top + target.height;
  const right = target.left + target.width;

  if (viewport.height - bottom - GAP >= CARD_HEIGHT + MARGIN) return { side: 'below', top: bottom + GAP, left: centredLeft };
  if (target.top - GAP >= CARD_HEIGHT + MARGIN) return { side: 'above', bottom: viewport.height - target.top + GAP, left: centredLeft };
  if (viewport.width - right - GAP >= width + MARGIN) return { side: 'right', top: alignedTop, left: right + GAP };
  if (target.left - GAP >= width + MARGIN) return { side: 'left', top: alignedTop, left: target.left - GAP - width };
  return { side: 'center' };
}
