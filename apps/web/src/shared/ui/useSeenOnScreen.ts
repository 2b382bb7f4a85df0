import { useCallback, useState } from 'react';

/**
 * Whether the element given to the returned ref has been on screen at least once, so work for
 * something hidden or below the fold (a closed menu, the footer) waits until it is seen. Without
 * IntersectionObserver it counts as seen at once.
 */
export function useSeenOnScreen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return undefined;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen],
  );
  return [ref, seen];
}
