import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../i18n/contractText';
import { Spinner } from '../ui/Spinner';
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
  if (status === 'error') {
    return (
      <div className="funds-state" role="alert">
        <p className="form-error">{contractText(fundsErrorText(error, failedMessage))}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={reload}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="funds-state">
      <Spinner label={t`Loading cryptos`} />
    </div>
  );
}
