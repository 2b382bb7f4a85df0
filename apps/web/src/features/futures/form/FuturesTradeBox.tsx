import { useId, useState } from 'react';
import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { priceText } from '../../../shared/trading/defaultPrice';
import { TradePanel, type TradePanelProps } from './TradePanel';
import { ToolsPanel } from './ToolsPanel';

type Tab = 'trade' | 'tools';

/** The trade form's Trade and Tools tabs (spec 2 §2). */
export function FuturesTradeBox(props: TradePanelProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('trade');
  const id = useId();
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  return (
    <div className="fut-box">
      <div className="fut-box__tabs" role="tablist" aria-label={t`Trade form`} {...tabs}>
        {(
          [
            ['trade', t`Trade`],
            ['tools', t`Tools`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-${value}`}
            aria-selected={tab === value}
            className={clsx('spot-tabs__tab', tab === value && 'is-active')}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === 'trade' ? <TradePanel {...props} /> : <ToolsPanel symbol={props.symbol} price={priceText(props.referencePrice, props.tickSize)} />}
      </div>
    </div>
  );
}
