import { useEffect, useState } from 'react';
import { FUTURES_CLOSE_DIALOG_MS, futuresMessages, type FuturesPositionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../../shared/format/number';
import { useContractText } from '../../../shared/i18n/contractText';
import { Modal } from '../../../shared/ui/Modal';
import { closePosition } from '../api/futuresApi';
import type { PositionFigures } from './positionFigures';

type Step = 'confirm' | 'processing' | 'done';

interface CloseDialogProps {
  row: FuturesPositionRow;
  figures: PositionFigures;
  /** Closes the dialog (Cancel, Escape, or 2 s after success). */
  onDismiss: () => void;
  /** The close went through: the page refreshes the list and the wallet. */
  onClosed: () => void;
  /** The close was refused or failed: the dialog is gone and the 5 s notice shows. */
  onFailed: () => void;
  close?: typeof closePosition;
}

/** The close-position flow of spec 2 §4: confirm, Processing..., the success view for 2 s, or the refusal notice. */
export function CloseDialog({ row, figures, onDismiss, onClosed, onFailed, close = closePosition }: CloseDialogProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [step, setStep] = useState<Step>('confirm');

  useEffect(() => {
    if (step !== 'done') return undefined;
    const timer = setTimeout(onDismiss, FUTURES_CLOSE_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [step, onDismiss]);

  async function confirm() {
    setStep('processing');
    try {
      const answer = await close(row.future_id);
      if (!answer.success) throw new Error(answer.message);
      setStep('done');
      onClosed();
    } catch {
      onFailed();
    }
  }

  const facts: [string, string][] = [
    [t`Position ID`, row.future_id],
    [t`Coin`, row.coin],
    [t`Entry Price`, formatFixed(row.entry_price, 2)],
    [t`Asset Value`, `${formatFixed(figures.asset, 2)} USDT`],
    [t`Return`, `${formatFixed(figures.returnPercent, 2)}%`],
  ];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && step !== 'processing' && onDismiss()}
      title={step === 'done' ? t`Position closed` : t`Close position`}
      className="fut-close"
    >
      {step === 'done' ? (
        <div className="fut-close__done" role="status">
          <span className="fut-close__tick up" aria-hidden>
            ✓
          </span>
          <p>{contractText(futuresMessages.closedFundsReturned)}</p>
        </div>
      ) : (
        <>
          <p className="muted fut-close__ask">
            <Trans>Close this position at the market price? Its margin and result go back to your futures wallet.</Trans>
          </p>
          <dl className="fut-close__facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="fut-close__buttons">
            <button type="button" className="btn btn-ghost" onClick={onDismiss} disabled={step === 'processing'}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={step === 'processing'}>
              {step === 'processing' ? t`Processing...` : t`Close Position`}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
