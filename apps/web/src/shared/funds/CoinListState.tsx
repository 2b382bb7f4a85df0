import { useLingui } from '@lingui/react/macro';
import { useContractText } from '../i18n/contractText';
import { LoadState } from '../ui/LoadState';
import { fundsErrorText } from './errors';

interface CoinListStateProps {
  status: string;
  error: unknown;
  /** The spec's message of a failed coin list on this page. */
  failedMessage: string;
  reload: () => void;
}

/** What the deposit and withdrawal steps show until the coin list is there: the error with a retry, or a spinner. */
export function CoinListState({ status, error, failedMessage, reload }: CoinListStateProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  return (
    <LoadState
      className="funds-state"
      status={status === 'error' ? 'error' : 'loading'}
      loadingLabel={t`Loading cryptos`}
      error={<p className="form-error">{contractText(fundsErrorText(error, failedMessage))}</p>}
      retryLabel={t`Try again`}
      onRetry={reload}
    />
  );
}
