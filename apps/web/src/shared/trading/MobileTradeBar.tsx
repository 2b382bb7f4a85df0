import { lazy, useState, type ReactNode } from 'react';
import { MountOnFirstOpen } from '../ui/MountOnFirstOpen';

// The dialog library loads on the first tap, not before the page's price and book can show.
const MobileTradeSheet = lazy(() => import('./MobileTradeSheet'));

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
  const [side, setSide] = useState<S | null>(null);
  const chosen = sides.find((item) => item.value === side);
  return (
    <>
      <div className="spot-mobile-bar" data-tour="trade-form">
        {sides.map((item) => (
          <button key={item.value} type="button" className={`spot-mobile-bar__btn spot-mobile-bar__btn--${item.tone}`} onClick={() => setSide(item.value)}>
            {item.label}
          </button>
        ))}
      </div>
      <MountOnFirstOpen open={side !== null}>
        <MobileTradeSheet open={side !== null} title={chosen?.title ?? ''} onClose={() => setSide(null)}>
          {side !== null && renderForm(side)}
        </MobileTradeSheet>
      </MountOnFirstOpen>
    </>
  );
}
