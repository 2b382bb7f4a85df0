import { useState } from 'react';
import clsx from 'clsx';
import { spotMessages } from '@exchange/contract';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useContractText } from '../../../shared/i18n/contractText';
import { useOrders } from '../data/useOrders';
import { AssetsTab } from './AssetsTab';
import { OpenOrders } from './OpenOrders';
import { OrderHistory } from './OrderHistory';

type Tab = 'open' | 'history' | 'assets';
const TABS: { value: Tab; label: MessageDescriptor }[] = [
  { value: 'open', label: msg`Open Orders` },
  { value: 'history', label: msg`Order History` },
  { value: 'assets', label: msg`Assets` },
];

interface BottomTabsProps {
  uid: number | null;
  signedIn: boolean;
  /** Bumped by the page after its own trades and on private socket events. */
  refresh: number;
  onChanged: () => void;
}

/** Open orders, order history and assets under the trading area (spec 1 §2). */
export function BottomTabs({ uid, signedIn, refresh, onChanged }: BottomTabsProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const [tab, setTab] = useState<Tab>('open');
  const user = signedIn ? uid : null;
  const open = useOrders(tab === 'open' ? user : null, 'open', refresh);
  const history = useOrders(tab === 'history' ? user : null, 'all', refresh);
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });

  return (
    <section className="spot-tabs" aria-label={t`Orders`} data-tour="orders">
      <div className="spot-tabs__head">
        <div role="tablist" aria-label={t`Orders and assets`} className="spot-tabs__list" {...tabs}>
          {TABS.map((item) => (
            <button
              key={item.value}
              type="button"
              role="tab"
              aria-selected={tab === item.value}
              className={clsx('spot-tabs__tab', tab === item.value && 'is-active')}
              onClick={() => setTab(item.value)}
            >
              {i18n._(item.label)}
            </button>
          ))}
        </div>
        <span className="spot-tabs__range muted">
          <Trans>Last 7 days</Trans>
        </span>
      </div>
      <div className="spot-tabs__body" role="tabpanel">
        {user === null ? (
          <p className="spot-orders__state muted">{contractText(tab === 'assets' ? spotMessages.balanceLogin : spotMessages.historyLogin)}</p>
        ) : tab === 'open' ? (
          <OpenOrders orders={open} onChanged={onChanged} />
        ) : tab === 'history' ? (
          <OrderHistory orders={history} />
        ) : (
          <AssetsTab uid={user} />
        )}
      </div>
    </section>
  );
}
