import type { RefObject } from 'react';
import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import type { DialogText } from '../model/confirmation';
import type { WithdrawalSummary } from '../model/summary';
import { SummaryList } from './SummaryList';

interface ReviewStepProps {
  summary: WithdrawalSummary;
  pending: boolean;
  error: DialogText | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** The Confirm button takes focus when the dialog opens. */
  confirmRef: RefObject<HTMLButtonElement | null>;
}

/** Step one of the dialog: everything the withdrawal will do, then Confirm (which submits it and mails the code) or Cancel. */
export function ReviewStep({ summary, pending, error, onConfirm, onCancel, confirmRef }: ReviewStepProps) {
  const contractText = useContractText();
  return (
    <div className="withdraw-confirm">
      <SummaryList summary={summary} />
      <p className="funds-note muted">
        <Trans>Next we email you a code to confirm it. Nothing leaves your account until you enter it.</Trans>
      </p>
      {error !== null && (
        <p className="form-error withdraw-message" role="alert" data-testid="withdraw-confirm-error">
          {contractText(error)}
        </p>
      )}
      <div className="withdraw-confirm__actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        {/* aria-disabled rather than disabled while submitting: a disabled button would drop the focus it holds. */}
        <button type="button" ref={confirmRef} className="btn btn-primary" aria-disabled={pending || undefined} onClick={onConfirm}>
          {pending ? <Trans>Submitting...</Trans> : <Trans>Confirm</Trans>}
        </button>
      </div>
    </div>
  );
}
