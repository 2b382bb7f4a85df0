import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useReturnFocus } from '../ui/useReturnFocus';
import { useLingui } from '@lingui/react/macro';

/** One of the bar's two buttons: `tone` colours it (buy green, sell red), `title` heads its sheet. */
export interface MobileTradeSide<S extends string> {
  value: S;
  tone: 'buy' | 'sell';
  label: string;
  title: string;
}

interface MobileTradeBarProps<S extends string> {
  sides: readonly [MobileTradeSide<S>, MobileTradeSide<S>];
  /** The trade form for the chosen side. */
  renderForm: (side: S) => ReactNode;
}

/** Phones: a fixed two-button bar opening a bottom sheet with the form (spec 1 §2, spec 2 §2). */
export function MobileTradeBar<S extends string>({ sides, renderForm }: MobileTradeBarProps<S>) {
  const { t } = useLingui();
  const [side, setSide] = useState<S | null>(null);
  const chosen = sides.find((item) => item.value === side);
  const returnFocus = useReturnFocus();
  return (
    <>
      <div className="spot-mobile-bar" data-tour="trade-form">
        {sides.map((item) => (
          <button key={item.value} type="button" className={`spot-mobile-bar__btn spot-mobile-bar__btn--${item.tone}`} onClick={() => setSide(item.value)}>
            {item.label}
          </button>
        ))}
      </div>
      <Dialog.Root open={side !== null} onOpenChange={(open) => !open && setSide(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="spot-sheet__overlay" />
          <Dialog.Content className="spot-sheet" aria-describedby={undefined} {...returnFocus}>
            <div className="spot-sheet__head">
              <Dialog.Title className="spot-sheet__title">{chosen?.title}</Dialog.Title>
              <Dialog.Close className="spot-sheet__close" aria-label={t`Close`}>
                <X size={18} aria-hidden />
              </Dialog.Close>
            </div>
            {side !== null && renderForm(side)}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
