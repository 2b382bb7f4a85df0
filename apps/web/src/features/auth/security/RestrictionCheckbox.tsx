import { Trans } from '@lingui/react/macro';
import type { useFormFeedback } from '../hooks/useFormFeedback';

interface RestrictionCheckboxProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  feedback: Pick<ReturnType<typeof useFormFeedback>, 'isInvalid' | 'edited'>;
  change: 'password' | 'email';
}

/** Spec 3 §2: the withdrawal-restriction checkbox both changes require. */
export function RestrictionCheckbox({ id, checked, onChange, feedback, change }: RestrictionCheckboxProps) {
  return (
    <label className="auth-check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={feedback.isInvalid('agree')}
        onChange={(e) => {
          onChange(e.target.checked);
          feedback.edited('agree');
        }}
      />
      <span>
        {change === 'password' ? (
          <Trans>I understand that withdrawals and P2P transactions are disabled for 24 hours after I change my password.</Trans>
        ) : (
          <Trans>I understand that withdrawals and P2P transactions are disabled for 24 hours after I change my email.</Trans>
        )}
      </span>
    </label>
  );
}
