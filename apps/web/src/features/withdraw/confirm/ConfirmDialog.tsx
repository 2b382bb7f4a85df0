import { useEffect, useRef, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../../shared/ui/Modal';
import type { WithdrawConfirmation } from '../data/useWithdrawConfirmation';
import type { WithdrawalSummary } from '../model/summary';
import { CodeStep } from './CodeStep';
import { ReviewStep } from './ReviewStep';

interface ConfirmDialogProps {
  confirmation: WithdrawConfirmation;
  /** The draft as it will be submitted: what the review shows. */
  summary: WithdrawalSummary | null;
  email: string | null;
  /** What takes focus once the dialog closes on a confirmed withdrawal (the page's success message). */
  finalFocus: RefObject<HTMLElement | null>;
}

/** Review, then the emailed code: the two steps every withdrawal goes through before anything is held (issue 14 #4). */
export function ConfirmDialog({ confirmation, summary, email, finalFocus }: ConfirmDialogProps) {
  const { t } = useLingui();
  const { state } = confirmation;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const step = state.step;
  const lastStep = useRef(step);
  // From the review to the code, inside the open dialog: the focused Confirm button is gone, the code field takes over.
  useEffect(() => {
    if (lastStep.current === 'review' && step === 'code') codeRef.current?.focus();
    lastStep.current = step;
  }, [step]);

  let description = null;
  if (state.step === 'review') description = <Trans>Check every detail: coins sent to a wrong address or network cannot be recovered.</Trans>;
  else if (state.step === 'code') description = <Trans>Confirm with the code we emailed you.</Trans>;

  return (
    <Modal
      open={step !== 'closed'}
      onOpenChange={(open) => !open && confirmation.close()}
      title={t`Confirm withdrawal`}
      description={description}
      className="withdraw-dialog"
      initialFocus={step === 'code' ? codeRef : confirmRef}
      finalFocus={finalFocus}
    >
      {state.step === 'review' && summary !== null && (
        <ReviewStep
          summary={summary}
          pending={state.pending}
          error={state.error}
          onConfirm={() => void confirmation.send()}
          onCancel={confirmation.close}
          confirmRef={confirmRef}
        />
      )}
      {state.step === 'code' && <CodeStep state={state} confirmation={confirmation} email={email} codeRef={codeRef} />}
    </Modal>
  );
}
