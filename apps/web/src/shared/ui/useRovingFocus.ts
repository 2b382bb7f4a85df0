import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { moveForKey, nextIndex, type Orientation } from './listNavigation';

const ITEMS = 'button:not(:disabled), a[href]';
const CHOSEN = '[aria-selected="true"], [aria-pressed="true"], [aria-checked="true"]';

interface RovingFocusOptions {
  orientation?: Orientation;
  /** Tabs: an arrow key also activates the tab it lands on (automatic activation). */
  activateOnMove?: boolean;
}

/**
 * One Tab stop for a group of buttons (a tab list, a toolbar, a row of toggles), the rest reached
 * with the arrow keys, Home and End (WAI-ARIA roving tabindex). The stop is the chosen item
 * (selected, pressed or checked), else the one last focused, else the first. Without it every
 * button of the spot page stood between the header and the order form.
 */
export function useRovingFocus<T extends HTMLElement>({ orientation = 'horizontal', activateOnMove = false }: RovingFocusOptions = {}) {
  const ref = useRef<T>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  // Items come and go with the data (order book levels), so the stop is set again after every render.
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const items = Array.from(root.querySelectorAll<HTMLElement>(ITEMS));
    const stop =
      items.find((item) => item === document.activeElement) ??
      items.find((item) => item.matches(CHOSEN)) ??
      items.find((item) => item === lastFocused.current) ??
      items[0];
    for (const item of items) item.tabIndex = item === stop ? 0 : -1;
  });

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const move = moveForKey(event.key, orientation);
    const root = ref.current;
    if (!move || !root) return;
    const items = Array.from(root.querySelectorAll<HTMLElement>(ITEMS));
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    event.preventDefault();
    const target = items[nextIndex(move, current, items.length)];
    if (!target) return;
    for (const item of items) item.tabIndex = item === target ? 0 : -1;
    lastFocused.current = target;
    target.focus();
    if (activateOnMove) target.click();
  };

  const onFocus = (event: FocusEvent<T>) => {
    if (event.target !== event.currentTarget) lastFocused.current = event.target as HTMLElement;
  };

  return { ref, onKeyDown, onFocus };
}
