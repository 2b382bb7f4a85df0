import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { OrderSide } from '@exchange/contract';
import { useReturnFocus } from '../../../shared/ui/useReturnFocus';
import { Trans, useLingui } from '@lingui/react/macro';

interface MobileTradeBarProps {
  symbol: string;
  /** The trade form for the chosen side. */
  renderForm: (side: OrderSide) => ReactNode;
}

/** Phones: a fixed Buy/Sell bar opening a bottom sheet with the form (spec 1 §2). */
export function MobileTradeBar({ symbol, renderForm }: MobileTradeBarProps) {
  const { t } = useLingui();
  const [side, setSide] = useState<OrderSide | null>(null);
  const title = side === 'sell' ? t`Sell ${symbol}` : t`Buy ${symbol}`;
  const returnFocus = useReturnFocus();
  return (
    <>
      <div className="spot-mobile-bar" data-tour="trade-form">
        <button type="button" className="spot-mobile-bar__btn spot-mobile-bar__btn--buy" onClick={() => setSide('buy')}>
          <Trans>Buy</Trans>
        </button>
        <button type="button" className="spot-mobile-bar__btn spot-mobile-bar__btn--sell" onClick={() => setSide('sell')}>
          <Trans>Sell</Trans>
        </button>
      </div>
      <Dialog.Root open={side !== null} onOpenChange={(open) => !open && setSide(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="spot-sheet__overlay" />
          <Dialog.Content className="spot-sheet" aria-describedby={undefined} {...returnFocus}>
            <div className="spot-sheet__head">
              <Dialog.Title className="spot-sheet__title">{title}</Dialog.Title>
              <Dialog.Close className="spot-sheet__close" aria-label={t`Close`}>
                <X size={18} aria-hidden />
              </Dialog.Close>
            </div>
            {side && renderForm(side)}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
