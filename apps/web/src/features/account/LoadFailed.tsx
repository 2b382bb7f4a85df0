import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';

/** An account card's error view (spec 3 §2): the message and Try Again, which loads again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const contractText = useContractText();
  return (
    <div className="card account-state" role="alert">
      <span className="field-error">{contractText(message)}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        <Trans>Try Again</Trans>
      </button>
    </div>
  );
}
