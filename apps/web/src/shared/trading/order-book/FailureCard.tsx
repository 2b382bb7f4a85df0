import { spotMessages } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { useContractText } from '../../i18n/contractText';

/** Shown instead of the book once REST and the socket both failed (no synthetic data, unlike the spec). */
export function FailureCard({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const contractText = useContractText();
  return (
    <div className="ob-failure" role="alert">
      <strong className="ob-failure-title">{title ?? contractText(spotMessages.connectFailed)}</strong>
      <p>
        <Trans>The connection to the exchange failed. The order book is unavailable right now.</Trans>
      </p>
      <button type="button" className="btn btn-sm btn-primary" onClick={onRetry}>
        <Trans>Retry Connection</Trans>
      </button>
    </div>
  );
}
