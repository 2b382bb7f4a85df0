import { Trans, useLingui } from '@lingui/react/macro';
import { formatCoinAmount } from '../../../shared/funds/amount';
import type { WithdrawalSummary } from '../model/summary';
import { sourceLabel } from '../model/summary';

/** Coin, network (or internal transfer), destination, memo, amount, fee, amount received and source wallet, for review. */
export function SummaryList({ summary }: { summary: WithdrawalSummary }) {
  const { i18n } = useLingui();
  const { symbol } = summary;
  const coins = (value: string) => `${formatCoinAmount(value)} ${symbol}`;
  return (
    <dl className="funds-terms withdraw-summary" data-testid="withdraw-summary">
      <div>
        <dt className="muted">
          <Trans>Coin</Trans>
        </dt>
        <dd>{symbol}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Network</Trans>
        </dt>
        <dd>{summary.network ?? <Trans>Internal transfer</Trans>}</dd>
      </div>
      <div className="withdraw-summary__wide">
        <dt className="muted">{summary.network === null ? <Trans>Recipient</Trans> : <Trans>Address</Trans>}</dt>
        <dd>
          <code data-testid="withdraw-summary-destination">{summary.destination}</code>
        </dd>
      </div>
      {summary.memo !== null && (
        <div>
          <dt className="muted">
            <Trans>Memo</Trans>
          </dt>
          <dd>
            <code>{summary.memo}</code>
          </dd>
        </div>
      )}
      <div>
        <dt className="muted">
          <Trans>Amount</Trans>
        </dt>
        <dd>{coins(summary.amount)}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Network fee</Trans>
        </dt>
        <dd>{coins(summary.fee)}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Amount received</Trans>
        </dt>
        <dd data-testid="withdraw-summary-received">{coins(summary.received)}</dd>
      </div>
      <div>
        <dt className="muted">
          <Trans>Withdraw from</Trans>
        </dt>
        <dd>{i18n._(sourceLabel(summary.source))}</dd>
      </div>
    </dl>
  );
}
