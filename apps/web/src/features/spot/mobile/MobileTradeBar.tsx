import { lazy, useState, type ReactNode } from 'react';
import type { OrderSide } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { MountOnFirstOpen } from '../../../shared/ui/MountOnFirstOpen';

// The dialog library loads on the first tap, not before the page's price and book can show.
const MobileTradeSheet = lazy(() => import('./MobileTradeSheet'));

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
      <MountOnFirstOpen open={side !== null}>
        <MobileTradeSheet open={side !== null} title={title} onClose={() => setSide(null)}>
          {side && renderForm(side)}
        </MobileTradeSheet>
      </MountOnFirstOpen>
    </>
  );
}
