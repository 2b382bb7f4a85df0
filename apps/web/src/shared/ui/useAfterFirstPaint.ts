import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted a render in which `ready` was true: parts of a page that
 * nobody reads first (below the fold, or slow to draw) render after the page's largest text has
 * shown, instead of making its first paint wait for them. `ready` says when the page has content
 * (a loading state does not count).
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      // As a transition the deferred parts render in slices, not as one long task that blocks input.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return painted;
}
