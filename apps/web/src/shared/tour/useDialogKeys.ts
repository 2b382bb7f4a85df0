import { useEffect, type RefObject } from 'react';

interface DialogKeyHandlers {
  onClose: () => void;
  onNext: () => void;
  onPrevious: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard model of the tour card: Escape closes, arrows navigate, Tab stays inside the card
 * (it is aria-modal). Focus moves into the card on every step and returns where it was on close.
 */
export function useDialogKeys(cardRef: RefObject<HTMLElement | null>, stepKey: number, handlers: DialogKeyHandlers): void {
  const { onClose, onNext, onPrevious } = handlers;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    cardRef.current?.focus();
  }, [cardRef, stepKey]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        onNext();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        onPrevious();
      } else if (event.key === 'Tab') {
        trapTab(event, cardRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [cardRef, onClose, onNext, onPrevious]);
}

function trapTab(event: KeyboardEvent, card: HTMLElement | null): void {
  if (!card) return;
  const items = Array.from(card.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !card.contains(active);
  if (event.shiftKey && (active === first || active === card || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
