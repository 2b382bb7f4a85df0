import { useId, useState, type FormEvent } from 'react';
import { FlaskConical } from 'lucide-react';
import type { CoinTransactionRow, FundsNetwork } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { simulateDeposit, type SimulatedDeposit } from '../api/depositApi';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { tooManyDecimalsText } from '../../../shared/funds/decimals';
import { simulatedAmountProblem, type SimulatedAmountProblem } from '../model/simulate';
import { useCreditWallet } from '../data/useCreditWallet';

interface SimulatePanelProps {
  uid: number;
  coin: CoinTransactionRow;
  network: FundsNetwork;
  onSimulated: (txHash: string) => void;
}

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; deposit: SimulatedDeposit } | { kind: 'error'; message: string };

/**
 * "Simulate a deposit": the built-in chain simulator sends coins to the user's own address, so the
 * whole flow, confirmations to credit, can be tried without a real chain. Shown only on a network
 * the operator lets users simulate (network.simulated).
 */
export function SimulatePanel({ uid, coin, network, onSimulated }: SimulatePanelProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const inputId = useId();
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const symbol = coin.symbol;
  const networkCode = network.code;
  const minimum = formatCoinAmount(network.min_deposit);
  const creditWallet = useCreditWallet(uid).wallet;
  const account = creditWallet === 'spot' ? t`Spot` : t`Funding`;
  const problemText = (problem: SimulatedAmountProblem): string => {
    switch (problem) {
      case 'invalid':
        return t`Please enter a valid amount`;
      case 'tooManyDecimals':
        return contractText(tooManyDecimalsText(symbol, networkCode, network.decimals));
      case 'belowMinimum':
        return t`Enter at least the minimum deposit of ${minimum} ${symbol}: a smaller deposit is recorded but not credited.`;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = simulatedAmountProblem(amount, network);
    if (problem) {
      setOutcome({ kind: 'error', message: problemText(problem) });
      return;
    }
    setOutcome({ kind: 'sending' });
    try {
      const deposit = await simulateDeposit({ uid, networkId: network.id, symbol, amount: amount.trim() });
      setOutcome({ kind: 'sent', deposit });
      setAmount('');
      onSimulated(deposit.tx_hash);
    } catch (error) {
      setOutcome({ kind: 'error', message: contractText(errorMessage(error, t`The simulated deposit failed. Please try again.`)) });
    }
  };

  const sending = outcome.kind === 'sending';
  const sentAmount = outcome.kind === 'sent' ? formatCoinAmount(outcome.deposit.amount) : '';
  const sentHash = outcome.kind === 'sent' ? outcome.deposit.tx_hash : '';
  return (
    <section className="deposit-simulate" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="deposit-simulate__title">
        <FlaskConical size={18} aria-hidden />
        <Trans>Simulate a deposit</Trans>
      </h3>
      <p className="funds-note muted">
        <Trans>
          This exchange runs on a built-in chain simulator, not a public blockchain. Send test {symbol} to your address on {networkCode} and
          watch it confirm block by block until it reaches your {account} account.
        </Trans>
      </p>
      <form className="deposit-simulate__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className="sr-only">
          <Trans>Amount of {symbol} to simulate</Trans>
        </label>
        <div className="deposit-simulate__amount">
          <NumberInput
            id={inputId}
            className="input"
            placeholder={t`Minimum ${minimum}`}
            value={amount}
            aria-invalid={outcome.kind === 'error' || undefined}
            aria-describedby={[`${inputId}-minimum`, outcome.kind === 'error' ? `${inputId}-error` : null].filter(Boolean).join(' ')}
            onValueChange={setAmount}
          />
          <span className="deposit-simulate__unit muted">{symbol}</span>
        </div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? <Trans>Sending...</Trans> : <Trans>Simulate deposit</Trans>}
        </button>
      </form>
      <p id={`${inputId}-minimum`} className="funds-note muted" data-testid="simulate-minimum">
        <Trans>
          Minimum deposit: {minimum} {symbol}. A smaller amount is not sent: on a real chain it would be recorded but never credited.
        </Trans>
      </p>
      <div aria-live="polite">
        {outcome.kind === 'sent' && (
          <p className="form-success deposit-simulate__result">
            <Trans>
              Sent {sentAmount} {symbol} to your address (transaction {sentHash}). Its confirmations count up in All deposits below.
            </Trans>
          </p>
        )}
        {outcome.kind === 'error' && (
          <p id={`${inputId}-error`} className="form-error deposit-simulate__result" role="alert">
            {outcome.message}
          </p>
        )}
      </div>
    </section>
  );
}
