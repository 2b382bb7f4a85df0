import { useCallback, useSyncExternalStore } from 'react';

/** Screens up to 767 px wide get the phone layouts (theme.css uses the same break point). */
export const PHONE_QUERY = '(max-width: 767px)';

/** Live result of a CSS media query, for layouts that change structure and not only style. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
