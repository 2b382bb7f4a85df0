import { useId, type RefObject } from 'react';
import type { CoinTransactionRow, FundsNetwork, WithdrawLimitsResponse } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { StepFrame } from '../../../shared/funds/StepFrame';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import type { WithdrawOutcome } from '../data/useWithdrawForm';
import { useWithdrawTexts } from '../data/useWithdrawTexts';
import { amountReceived, availableBalance, maxAmount, withdrawFee } from '../model/amounts';
import { currentStep, type WithdrawDraft } from '../model/draft';
import { withdrawalsBlocked } from '../model/limits';
import { validateWithdrawal, visibleProblem } from '../model/validation';
import { OutcomeMessage } from './OutcomeMessage';
import { SourceChoice } from './SourceChoice';

interface AmountStepProps {
  coin: CoinTransactionRow | null;
  network: FundsNetwork | null;
  draft: WithdrawDraft;
  onChange: (change: (draft: WithdrawDraft) => WithdrawDraft) => void;
  limits: { status: AsyncStatus; data: WithdrawLimitsResponse | null; reload: () => void };
  outcome: WithdrawOutcome;
  /** Opens the review of the withdrawal (the confirmation dialog). */
  onReview: () => void;
  /** The success message, which takes focus once the dialog closes on a confirmed withdrawal. */
  successRef: RefObject<HTMLParagraphElement | null>;
}

/**
 * Step 3 (spec 3 §2, §5): the source account and its balance, the amount with Max, the network fee,
 * the amount received and today's limit; the spec's messages in its order; Withdraw, which opens
 * the review, and the outcome once the withdrawal is confirmed.
 */
export function AmountStep({ coin, network, draft, onChange, limits, outcome, onReview, successRef }: AmountStepProps) {
  const step = currentStep(draft);
  return (
    <StepFrame number={3} titleId="withdraw-step-amount" title={<Trans>Withdrawal amount</Trans>} state={step === 3 ? 'current' : 'upcoming'}>
      {/* A withdrawal confirmed from the history says so here even when no crypto is chosen. */}
      {coin ? (
        <AmountForm coin={coin} network={network} draft={draft} onChange={onChange} limits={limits} outcome={outcome} onReview={onReview} successRef={successRef} />
      ) : (
        <OutcomeMessage outcome={outcome} successRef={successRef} />
      )}
    </StepFrame>
  );
}

interface AmountFormProps extends AmountStepProps {
  coin: CoinTransactionRow;
}

function AmountForm({ coin, network, draft, onChange, limits, outcome, onReview, successRef }: AmountFormProps) {
  const texts = useWithdrawTexts();
  const amountId = useId();
  const { symbol } = coin;
  const balance = availableBalance(coin, draft.source);
  const max = maxAmount(balance, network?.decimals);
  const fee = withdrawFee(draft.tab, network);
  const received = `${formatCoinAmount(amountReceived(draft.amount, fee))} ${symbol}`;
  const feeText = fee === null ? '—' : `${formatCoinAmount(fee)} ${symbol}`;
  const available = `${formatCoinAmount(balance ?? '0')} ${symbol}`;
  const problem = validateWithdrawal(draft, coin, network);
  const shown = visibleProblem(draft, problem);
  const blocked = withdrawalsBlocked(limits.data);
  const setAmount = (amount: string) => onChange((current) => ({ ...current, amount }));
  const left = limits.data ? formatCoinAmount(limits.data.remaining_usdt) : null;
  const limit = limits.data ? formatCoinAmount(limits.data.daily_limit_usdt) : null;
  const threshold = limits.data ? formatCoinAmount(limits.data.review_threshold_usdt) : null;

  return (
    <form
      className="withdraw-amount"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problem === null && !blocked) onReview();
      }}
    >
      <SourceChoice coin={coin} source={draft.source} onSelect={(source) => onChange((current) => ({ ...current, source }))} />

      <div className="field withdraw-field">
        <label htmlFor={amountId} className="field-label">
          <Trans>Amount</Trans>
        </label>
        <div className="withdraw-amount__input">
          <NumberInput
            id={amountId}
            className="input"
            placeholder="0.00"
            value={draft.amount}
            aria-invalid={shown !== null && shown.kind !== 'completeFields' ? true : undefined}
            aria-describedby={`${amountId}-available`}
            onValueChange={setAmount}
          />
          <span className="withdraw-amount__unit muted">{symbol}</span>
          <button type="button" className="btn btn-sm withdraw-amount__max" disabled={max === null} onClick={() => max !== null && setAmount(max)}>
            <Trans>Max</Trans>
          </button>
        </div>
        <span id={`${amountId}-available`} className="funds-note muted" data-testid="withdraw-available">
          <Trans>Available: {available}</Trans>
        </span>
      </div>

      <dl className="funds-terms">
        <div>
          <dt className="muted">
            <Trans>Network fee</Trans>
          </dt>
          <dd data-testid="withdraw-fee">{feeText}</dd>
        </div>
        <div>
          <dt className="muted">
            <Trans>Amount received</Trans>
          </dt>
          <dd data-testid="withdraw-received">{received}</dd>
        </div>
        {left !== null && limit !== null && (
          <div>
            <dt className="muted">
              <Trans>Daily limit left</Trans>
            </dt>
            <dd data-testid="withdraw-limit-left">
              <Trans>
                {left} of {limit} USDT
              </Trans>
            </dd>
          </div>
        )}
      </dl>
      {threshold !== null && (
        <p className="funds-note muted">
          <Trans>Withdrawals worth more than {threshold} USDT wait for an operator's approval before they are sent.</Trans>
        </p>
      )}
      {limits.status === 'error' && (
        <p className="field-error">
          <Trans>Could not load your withdrawal limits.</Trans>{' '}
          <button type="button" className="btn-link" onClick={limits.reload}>
            <Trans>Retry</Trans>
          </button>
        </p>
      )}

      {shown && (
        <p className="form-error withdraw-message" role="alert" data-testid="withdraw-problem">
          {texts.problem(shown)}
        </p>
      )}
      <OutcomeMessage outcome={outcome} successRef={successRef} />
      <button type="submit" className="btn btn-primary btn-block" disabled={problem !== null || blocked}>
        <Trans>Withdraw</Trans>
      </button>
    </form>
  );
}
