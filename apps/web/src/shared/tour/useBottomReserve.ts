import { useLayoutEffect } from 'react';

/** Read by the body's bottom padding in tour.css. */
const RESERVE_VARIABLE = '--tour-help-reserve';
const GAP_PX = 12;

/**
 * Gives the page as much bottom padding as the fixed help element takes from the bottom of the
 * viewport, so the end of every page scrolls clear of it and nothing stays stuck underneath.
 */
export function useBottomReserve(element: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const box = element.getBoundingClientRect();
      const reserve = box.height > 0 ? Math.max(0, Math.ceil(window.innerHeight - box.top + GAP_PX)) : 0;
      root.style.setProperty(RESERVE_VARIABLE, `${reserve}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(RESERVE_VARIABLE);
    };
  }, [element]);
}
