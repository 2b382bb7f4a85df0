import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { REVIEW_DECISIONS } from '@exchange/contract';
import { CodeField, FormError, ReasonField, useOperatorSubmit } from './OperatorForm';

export type Decision = (typeof REVIEW_DECISIONS)[number];

interface DecisionFormProps {
  /** The form's own prefix for its fields' ids. */
  id: string;
  /** Money moves: the operator re-enters the authenticator code. */
  withCode: boolean;
  reasonMax: number;
  /** What the user reads of a rejection's reason, said under the field. */
  reasonHint: string;
  submit: (decision: Decision, reason: string, code: string) => Promise<unknown>;
  onDecided: (decision: Decision) => void;
  /** The buttons' words when they are not "Approve" and "Reject" (a deposit is credited or refused). */
  labels?: { approve: string; reject: string };
  /** Fields of the caller's before the reason (an unclaimed deposit's user). */
  children?: ReactNode;
}

/** Approve or reject with a reason (and the authenticator code when money moves); the server's refusal is shown as it words it. */
export function DecisionForm({ id, withCode, reasonMax, reasonHint, submit, onDecided, labels, children }: DecisionFormProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  // A ref, not state: the button's click sets it and the form's submit, in the same gesture, reads it.
  const decision = useRef<Decision>('approve');
  const { busy, error, run } = useOperatorSubmit(t`The decision could not be saved.`);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    return run(
      async () => {
        await submit(decision.current, reason.trim(), code.trim());
        onDecided(decision.current);
      },
      () => setCode(''),
    );
  };

  return (
    <form className="admin-form admin-form--grid" onSubmit={(e) => void onSubmit(e)}>
      {children}
      <ReasonField id={id} max={reasonMax} hint={reasonHint} value={reason} onChange={setReason} />
      {withCode && <CodeField id={id} label={t`Authenticator code`} value={code} onChange={setCode} />}
      <div className="admin-row admin-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} onClick={() => (decision.current = 'approve')}>
          {labels?.approve ?? <Trans>Approve</Trans>}
        </button>
        <button type="submit" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => (decision.current = 'reject')}>
          {labels?.reject ?? <Trans>Reject</Trans>}
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}
