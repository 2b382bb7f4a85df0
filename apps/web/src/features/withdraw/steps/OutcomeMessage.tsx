import type { RefObject } from 'react';
import { withdrawMessages } from '@exchange/contract';
import { useContractText } from '../../../shared/i18n/contractText';
import type { WithdrawOutcome } from '../data/useWithdrawForm';

interface OutcomeMessageProps {
  outcome: WithdrawOutcome;
  /** The success message, which takes focus once the dialog closes on a confirmed withdrawal. */
  successRef: RefObject<HTMLParagraphElement | null>;
}

/** What became of the last withdrawal once its dialog closed: sent, or left unconfirmed when closing could not cancel it. */
export function OutcomeMessage({ outcome, successRef }: OutcomeMessageProps) {
  const contractText = useContractText();
  return (
    <>
      <div aria-live="polite">
        {outcome.kind === 'success' && (
          <p ref={successRef} tabIndex={-1} className="form-success withdraw-message" data-testid="withdraw-success">
            {contractText(withdrawMessages.submitted)}
          </p>
        )}
      </div>
      {outcome.kind === 'error' && (
        <p className="form-error withdraw-message" role="alert" data-testid="withdraw-error">
          {contractText(outcome.message)}
        </p>
      )}
    </>
  );
}
