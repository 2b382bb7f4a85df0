import { useState } from 'react';
import { Link } from 'react-router';
import { earnMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useAsync } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { Modal } from '../../../shared/ui/Modal';
import { Spinner } from '../../../shared/ui/Spinner';
import { fetchAutoEarn, setAutoEarn } from '../api/earnApi';

interface AutoEarnDialogProps {
  open: boolean;
  uid: number | null;
  onOpenChange: (open: boolean) => void;
}

/** Activate Auto-earn: one switch per asset that has a flexible product. */
export function AutoEarnDialog({ open, uid, onOpenChange }: AutoEarnDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Auto-earn`}
      description={t`Once a day, idle balances of the coins you switch on in your funding wallet are subscribed to their flexible product. Flexible products redeem instantly, so your money is never out of reach.`}
      className="earn-dialog"
    >
      {open &&
        (uid === null ? (
          <div className="earn-dialog__login">
            <Link to="/login" className="btn btn-primary">
              <Trans>Log in</Trans>
            </Link>
          </div>
        ) : (
          <Switches uid={uid} />
        ))}
    </Modal>
  );
}

function Switches({ uid }: { uid: number }) {
  const contractText = useContractText();
  const { t } = useLingui();
  const list = useAsync('auto-earn', String(uid), (signal) => fetchAutoEarn(uid, signal));
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async (symbol: string, enabled: boolean) => {
    setBusy(symbol);
    setFailure(null);
    try {
      const answer = await setAutoEarn(uid, symbol, enabled);
      setChanged(Object.fromEntries(answer.map((s) => [s.symbol, s.enabled])));
    } catch (error) {
      setFailure(errorMessage(error, contractText(earnMessages.autoEarnFailed)));
    } finally {
      setBusy(null);
    }
  };

  if (list.status === 'error') {
    return (
      <p className="form-error" role="alert">
        {contractText(earnMessages.autoEarnFailed)}{' '}
        <button type="button" className="btn-link" onClick={list.reload}>
          <Trans>Try Again</Trans>
        </button>
      </p>
    );
  }
  if (!list.data) return <Spinner label={t`Loading`} />;
  return (
    <div className="earn-switches">
      {failure && (
        <p className="form-error" role="alert">
          {contractText(failure)}
        </p>
      )}
      <ul className="earn-switches__list">
        {list.data.map(({ symbol, enabled }) => {
          const on = changed[symbol] ?? enabled;
          return (
            <li key={symbol}>
              <label className="earn-switch">
                <span>{symbol}</span>
                <input type="checkbox" role="switch" checked={on} disabled={busy !== null} onChange={() => void toggle(symbol, !on)} />
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
