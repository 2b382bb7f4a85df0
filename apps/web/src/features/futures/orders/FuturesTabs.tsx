import { useCallback, useState } from 'react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { FUTURES_CLOSE_NOTICE_MS, futuresMessages, spotMessages, type FuturesContract, type FuturesPositionRow } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { useTradeNotice } from '../../../shared/trading/useTradeNotice';
import type { PositionsState } from '../data/usePositions';
import { usePositionList } from '../data/usePositionList';
import { CloseDialog } from './CloseDialog';
import { FuturesAssets } from './FuturesAssets';
import { PositionList } from './PositionList';
import { PositionsTable } from './PositionsTable';
import { positionFigures } from './positionFigures';

type Tab = 'positions' | 'history' | 'assets';

interface FuturesTabsProps {
  uid: number | null;
  positions: PositionsState;
  contracts: readonly FuturesContract[];
  refresh: number;
  /** A position was closed: wallet and list are read again. */
  onChanged: () => void;
}

/** Positions (issue 41), Order History and Assets under the trading area, with the close flow (spec 2 §2, §4). */
export function FuturesTabs({ uid, positions, contracts, refresh, onChanged }: FuturesTabsProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [tab, setTab] = useState<Tab>('history');
  const [closing, setClosing] = useState<FuturesPositionRow | null>(null);
  const { notice, show, close } = useTradeNotice(FUTURES_CLOSE_NOTICE_MS);
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  const list = usePositionList(uid, refresh, tab === 'positions');
  const dismiss = useCallback(() => setClosing(null), []);
  const closed = useCallback(() => {
    show('success', contractText(futuresMessages.closedSuccess));
    onChanged();
  }, [show, contractText, onChanged]);
  const failed = useCallback(() => {
    setClosing(null);
    show('error', contractText(futuresMessages.cannotClose));
  }, [show, contractText]);

  return (
    <section className="spot-tabs" aria-label={t`Positions`} data-tour="orders">
      <div className="spot-tabs__head">
        <div role="tablist" aria-label={t`Positions and assets`} className="spot-tabs__list" {...tabs}>
          {(
            [
              ['positions', t`Positions`],
              ['history', t`Order History`],
              ['assets', t`Assets`],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              className={clsx('spot-tabs__tab', tab === value && 'is-active')}
              onClick={() => setTab(value)}
            >
              {label}
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
      <div className="spot-tabs__body" role="tabpanel" aria-label={tab === 'positions' ? t`Positions` : tab === 'history' ? t`Order History` : t`Assets`}>
        {uid === null ? (
          <p className="spot-orders__state muted">{contractText(tab === 'assets' ? futuresMessages.loginToViewBalance : spotMessages.historyLogin)}</p>
        ) : tab === 'positions' ? (
          <PositionList uid={uid} list={list} contracts={contracts} onChanged={closed} onFailed={failed} />
        ) : tab === 'history' ? (
          <PositionsTable positions={positions} contracts={contracts} onClose={setClosing} />
        ) : (
          <FuturesAssets uid={uid} refresh={refresh} />
        )}
      </div>
      {closing && (
        <CloseDialog key={closing.future_id} row={closing} figures={positionFigures(closing, contracts)} onDismiss={dismiss} onClosed={closed} onFailed={failed} />
      )}
    </section>
  );
}
