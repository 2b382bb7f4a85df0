import { useRef, type RefObject } from 'react';

/** Where the last dialog to close gave focus back to. */
let lastReturn: HTMLElement | null = null;

function focusable(element: HTMLElement | null): element is HTMLElement {
  return element !== null && element !== document.body && element.isConnected;
}

/**
 * Radix gives focus back to a Dialog.Trigger, but our dialogs open from state set in many places,
 * so without one focus fell to <body> on close. These handlers, spread on Dialog.Content, remember
 * what had focus when the dialog opened and focus it again on close (WAI-ARIA dialog pattern).
 * A dialog opened from inside another one that closes at the same moment (the phone menu's
 * Affiliates entry) finds its opener gone; it returns focus where that other dialog returned it.
 * `finalFocus`, when it points at an element, takes focus instead of the opener: what the dialog
 * led to (a result the opener no longer leads to, say).
 */
export function useReturnFocus(finalFocus?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = [finalFocus?.current ?? null, opener.current, lastReturn].find(focusable);
      opener.current = null;
      if (!target) return;
      lastReturn = target;
      target.focus();
    },
  };
}
