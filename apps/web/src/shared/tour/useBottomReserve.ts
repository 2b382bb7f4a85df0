import { useEffect } from 'react';

/** Read by the body's bottom padding in tour.css. */
const RESERVE_VARIABLE = '--tour-help-reserve';
const GAP_PX = 12;

/**
 * Gives the page as much bottom padding as the fixed help element takes from the bottom of the
 * viewport, so the end of every page scrolls clear of it and nothing stays stuck underneath.
 */
export function useBottomReserve(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const box = element.getBoundingClientRect();
      const reserve = box.height > 0 ? Math.max(0, Math.ceil(window.innerHeight - box.top + GAP_PX)) : 0;
      root.style.setProperty(RESERVE_VARIABLE, `${reserve}px`);
    };
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    // The observer reports the first size after the browser's next layout; measuring here instead
    // forced the whole page's layout in the middle of its first render (a long task on a phone).
    if (observer) observer.observe(element);
    else update();
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(RESERVE_VARIABLE);
    };
  }, [element]);
}
