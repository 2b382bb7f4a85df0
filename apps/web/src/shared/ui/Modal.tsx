import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';
import { useReturnFocus } from './useReturnFocus';
import './Modal.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out as the dialog's description; omit when the body speaks for itself. */
  description?: ReactNode;
  /** A side drawer (mobile menu) instead of a centred dialog. */
  variant?: 'center' | 'drawer';
  hideTitle?: boolean;
  className?: string;
  children?: ReactNode;
  /** Takes focus when the dialog opens, instead of its first focusable element (the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Takes focus when the dialog closes, when it is on the page; else what opened the dialog does. */
  finalFocus?: RefObject<HTMLElement | null>;
}

/**
 * The one dialog of the app: Radix gives focus trapping, Escape and outside-click closing;
 * focus goes back to what opened it.
 */
export function Modal({ open, onOpenChange, title, description, variant = 'center', hideTitle, className, children, initialFocus, finalFocus }: ModalProps) {
  const returnFocus = useReturnFocus(finalFocus);
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={clsx('modal', `modal--${variant}`, className)}
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            const first = initialFocus?.current;
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={clsx('modal__head', hideTitle && 'modal__head--bare')}>
            <Dialog.Title className={clsx('modal__title', hideTitle && 'sr-only')}>{title}</Dialog.Title>
            <Dialog.Close className="modal__close" aria-label={t`Close`}>
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="modal__description">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
