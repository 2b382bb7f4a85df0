import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { useReturnFocus } from '../ui/useReturnFocus';

interface MobileTradeSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The bottom sheet the phone's Buy/Sell bar opens, holding the trade form. */
export default function MobileTradeSheet({ open, title, onClose, children }: MobileTradeSheetProps) {
  const { t } = useLingui();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="spot-sheet__overlay" />
        <Dialog.Content className="spot-sheet" aria-describedby={undefined} {...returnFocus}>
          <div className="spot-sheet__head">
            <Dialog.Title className="spot-sheet__title">{title}</Dialog.Title>
            <Dialog.Close className="spot-sheet__close" aria-label={t`Close`}>
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
