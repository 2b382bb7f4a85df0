import { useCallback, useId, useState } from 'react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { FUTURES_CLOSE_NOTICE_MS, futuresMessages, spotMessages, type FuturesContract, type FuturesPosition, type FuturesPositionRow } from '@exchange/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { useTradeNotice } from '../../../shared/trading/useTradeNotice';
import { useFundingHistory, useOpenOrders, usePositionHistory } from '../data/useFuturesLists';
import type { PositionsState } from '../data/usePositions';
import { usePositionList } from '../data/usePositionList';
import { CloseDialog } from './CloseDialog';
import { ClosePositionDialog } from './ClosePositionDialog';
import { FundingHistory } from './FundingHistory';
import { FuturesAssets } from './FuturesAssets';
import { OpenOrders } from './OpenOrders';
import { PositionHistory } from './PositionHistory';
import { PositionList } from './PositionList';
import { PositionsTable } from './PositionsTable';
import { positionFigures } from './positionFigures';
import './futures-tabs.css';

export type FuturesTab = 'positions' | 'open-orders' | 'history' | 'position-history' | 'funding' | 'assets';

/** The tabs in their order (issue 41): what a trader of OKX or Binance finds under the chart. */
export const FUTURES_TABS: readonly (readonly [FuturesTab, MessageDescriptor])[] = [
  ['positions', msg`Positions`],
  ['open-orders', msg`Open Orders`],
  ['history', msg`Order History`],
  ['position-history', msg`Position History`],
  ['funding', msg`Funding History`],
  ['assets', msg`Assets`],
];

interface FuturesTabsProps {
  uid: number | null;
  /** Whether the private socket keeps the tabs live (useFuturesLive); while it does not they poll. */
  live?: boolean;
  positions: PositionsState;
  contracts: readonly FuturesContract[];
  /** USDT available in the futures wallet, when known. */
  available?: string;
  refresh: number;
  /** A position or an order changed: wallet and lists are read again. */
  onChanged: () => void;
}

/**
 * The futures page's lower panel (spec 2 §2, §4 and issue 41): Positions, Open Orders, Order
 * History, Position History, Funding History and Assets as an ARIA tab list (arrow keys, Home and
 * End move and select), each with its loading, empty and error states, live from the private socket.
 */
export function FuturesTabs({ uid, live = false, positions, contracts, available, refresh, onChanged }: FuturesTabsProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const ids = useId();
  const [tab, setTab] = useState<FuturesTab>('history');
  const [closing, setClosing] = useState<FuturesPositionRow | null>(null);
  const [closingPosition, setClosingPosition] = useState<FuturesPosition | null>(null);
  const { notice, show, close } = useTradeNotice(FUTURES_CLOSE_NOTICE_MS);
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  const list = usePositionList(uid, refresh, tab === 'positions', live);
  const openOrders = useOpenOrders(uid, tab === 'open-orders', live);
  const positionHistory = usePositionHistory(uid, tab === 'position-history');
  const funding = useFundingHistory(uid, tab === 'funding');
  const dismiss = useCallback(() => setClosing(null), []);
  const closed = useCallback(() => {
    show('success', contractText(futuresMessages.closedSuccess));
    onChanged();
  }, [show, contractText, onChanged]);
  const failed = useCallback(() => {
    setClosing(null);
    setClosingPosition(null);
    show('error', contractText(futuresMessages.cannotClose));
  }, [show, contractText]);
  const canceled = useCallback(() => {
    show('success', t`Order canceled`);
    onChanged();
  }, [show, t, onChanged]);
  const cancelFailed = useCallback(() => show('error', t`The order could not be canceled. Please try again.`), [show, t]);
  const closeDone = useCallback(
    (resting: boolean) => {
      setClosingPosition(null);
      if (resting) {
        show('success', contractText(futuresMessages.closeOrderPlaced));
        onChanged();
      } else closed();
    },
    [show, contractText, onChanged, closed],
  );
  const label = (value: FuturesTab) => i18n._((FUTURES_TABS.find(([key]) => key === value) as (typeof FUTURES_TABS)[number])[1]);

  return (
    <section className="spot-tabs fut-tabs" aria-label={t`Positions`} data-tour="orders">
      <div className="spot-tabs__head">
        <div role="tablist" aria-label={t`Positions, orders and assets`} className="spot-tabs__list fut-tabs__list" {...tabs}>
          {FUTURES_TABS.map(([value]) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`${ids}-tab-${value}`}
              aria-controls={`${ids}-panel`}
              aria-selected={tab === value}
              className={clsx('spot-tabs__tab', tab === value && 'is-active')}
              onClick={() => setTab(value)}
            >
              {label(value)}
            </button>
          ))}
        </div>
      </div>
      {notice && (
        <div className={clsx('spot-notice fut-tabs__notice', `spot-notice--${notice.type}`)} role="status" key={notice.id}>
          <span>{notice.text}</span>
          <button type="button" className="spot-notice__close" aria-label={t`Close notification`} onClick={close}>
            <X size={14} aria-hidden />
          </button>
        </div>
      )}
      <div className="spot-tabs__body" role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`}>
        {uid === null ? (
          <p className="spot-orders__state muted">{contractText(tab === 'assets' ? futuresMessages.loginToViewBalance : spotMessages.historyLogin)}</p>
        ) : tab === 'positions' ? (
          <PositionList uid={uid} list={list} contracts={contracts} available={available} onChanged={closed} onFailed={failed} onClose={setClosingPosition} />
        ) : tab === 'open-orders' ? (
          <OpenOrders list={openOrders} onChanged={canceled} onFailed={cancelFailed} />
        ) : tab === 'history' ? (
          <PositionsTable positions={positions} contracts={contracts} onClose={setClosing} />
        ) : tab === 'position-history' ? (
          <PositionHistory list={positionHistory} />
        ) : tab === 'funding' ? (
          <FundingHistory list={funding} />
        ) : (
          <FuturesAssets uid={uid} refresh={refresh} />
        )}
      </div>
      {closing && (
        <CloseDialog key={closing.future_id} row={closing} figures={positionFigures(closing, contracts)} onDismiss={dismiss} onClosed={closed} onFailed={failed} />
      )}
      {closingPosition && uid !== null && (
        <ClosePositionDialog
          key={closingPosition.position_id}
          uid={uid}
          // The list's latest row: what resting close orders cover changes while the dialog is open.
          position={list.rows.find((p) => p.position_id === closingPosition.position_id) ?? closingPosition}
          contract={contracts.find((c) => c.inst_id === closingPosition.inst_id)}
          onDismiss={() => setClosingPosition(null)}
          onDone={closeDone}
          onFailed={failed}
        />
      )}
    </section>
  );
}
