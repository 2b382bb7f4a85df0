import { useEffect, useState } from 'react';
import type { Box } from './placement';

function findTarget(selector: string | null): Element | null {
  if (!selector) return null;
  try {
    return document.querySelector(selector);
  } catch {
    // An invalid selector is treated like a missing element: the step shows centred.
    return null;
  }
}

function sameBox(a: Box | null, b: Box | null): boolean {
  return a === b || (!!a && !!b && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height);
}

/**
 * Viewport box of the element matching `selector`, scrolled into view once per step and
 * re-measured on resize and scroll. Null when there is no selector or no such element.
 */
export function useTargetRect(selector: string | null, scrollBlock: ScrollLogicalPosition): Box | null {
  // Keyed by selector so a new step never shows the previous step's box, even for a frame.
  const [measured, setMeasured] = useState<{ selector: string | null; box: Box | null }>({ selector: null, box: null });

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = findTarget(selector)?.getBoundingClientRect();
      const next = rect && rect.width + rect.height > 0 ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height } : null;
      setMeasured((prev) => (prev.selector === selector && sameBox(prev.box, next) ? prev : { selector, box: next }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };

    const element = findTarget(selector);
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: scrollBlock, inline: 'nearest', behavior: 'smooth' });
    }
    schedule();
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [selector, scrollBlock]);

  return measured.selector === selector ? measured.box : null;
}
