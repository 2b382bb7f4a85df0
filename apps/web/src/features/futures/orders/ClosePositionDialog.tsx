import { useState } from 'react';
import clsx from 'clsx';
import { futuresMessages, type FuturesContract, type FuturesPosition } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { compareDecimals, subtractDecimals } from '../../../shared/format/decimal';
import { formatExact, formatFixed, toNumber } from '../../../shared/format/number';
import { Modal } from '../../../shared/ui/Modal';
import { NumberInput } from '../../../shared/ui/NumberInput';
import { closePosition, placeFuturesOrder } from '../api/futuresApi';
import { Segmented } from '../form/Segmented';
import { feePercent } from '../form/futuresForm';
import { useFuturesFeeRates } from '../data/useFuturesFeeRates';
import { useContractText } from '../../../shared/i18n/contractText';
import { closeAmountOf, closePreview, closeTriggerProblem } from './closePreview';

type Kind = 'market' | 'limit';
type Part = 'percent' | 'amount';

const PERCENTS = [25, 50, 75, 100] as const;

interface ClosePositionDialogProps {
  uid: number;
  position: FuturesPosition;
  contract: FuturesContract | undefined;
  onDismiss: () => void;
  /** The close went through (filled or resting as a limit): the lists and the wallet are read again. */
  onDone: (resting: boolean) => void;
  onFailed: () => void;
  close?: typeof closePosition;
  place?: typeof placeFuturesOrder;
}

/**
 * Closes all or part of a position at market or at a limit (issue 41), showing the fee and the
 * expected result (profit on the part at the average entry, less the fee) before confirming.
 */
export function ClosePositionDialog({ uid, position, contract, onDismiss, onDone, onFailed, close = closePosition, place = placeFuturesOrder }: ClosePositionDialogProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const rates = useFuturesFeeRates(uid);
  const feeShown = feePercent(rates.taker);
  const [kind, setKind] = useState<Kind>('market');
  const [part, setPart] = useState<Part>('percent');
  const [percent, setPercent] = useState(100);
  const [typed, setTyped] = useState('');
  const mark = toNumber(contract?.mark_price ?? position.mark_price);
  const [limit, setLimit] = useState(() => (mark > 0 ? String(mark) : ''));
  const [busy, setBusy] = useState(false);
  const lot = contract?.lot_size ?? '0.001';
  const left = subtractDecimals(position.amount, position.closing_amount) ?? '0';
  // What no resting close order covers: a close may take at most that.
  const free = compareDecimals(left, '0') === 1 ? left : '0';
  const amount = part === 'percent' ? closeAmountOf(free, percent, lot) : typed;
  const price = kind === 'market' ? mark : toNumber(limit);
  const preview = closePreview({
    side: position.side,
    size: position.amount,
    entryPrice: toNumber(position.entry_price),
    margin: toNumber(position.margin),
    amount,
    price,
    feeRate: Number(rates.taker),
  });
  const whole = compareDecimals(amount, position.amount) === 0;
  // Attached to a partial close, they are set on what it leaves open when it first fills (docs/futures.md).
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const leaves = preview !== null && !whole;
  const triggerProblem = leaves ? closeTriggerProblem(position.side, position.entry_price, takeProfit, stopLoss) : null;

  async function confirm() {
    if (!preview || triggerProblem !== null) return;
    setBusy(true);
    try {
      if (kind === 'market' && whole) {
        const answer = await close(position.position_id);
        if (!answer.success) throw new Error(answer.message);
      } else {
        await place(
          {
            uid,
            symbol: position.inst_id,
            action: 'close',
            side: position.side,
            marginMode: position.position_type,
            orderType: kind,
            leverage: position.leverage,
            price: kind === 'limit' ? limit : '',
            amount,
            takeProfit: leaves ? takeProfit : undefined,
            stopLoss: leaves ? stopLoss : undefined,
          },
          crypto.randomUUID(),
        );
      }
      onDone(kind === 'limit');
    } catch {
      onFailed();
    } finally {
      setBusy(false);
    }
  }

  const { symbol } = position;
  const freeText = formatExact(free);
  const money = (value: number) => `${formatFixed(value, 2)} USDT`;
  const facts: [string, string, string?][] = preview
    ? [
        [t`Amount to close`, `${formatExact(amount)} ${position.symbol}`],
        [kind === 'market' ? t`Mark price` : t`Limit price`, formatFixed(price, 2)],
        [t`Entry Price`, formatFixed(position.entry_price ?? 0, 2)],
        [t`PnL on this part`, money(preview.pnl), 'close-preview-pnl'],
        [t`Closing fee (${feeShown}%)`, money(-preview.fee), 'close-preview-fee'],
        [t`Expected result`, `${money(preview.result)} (${formatFixed(preview.returnPercent, 2)}%)`, 'close-preview-result'],
      ]
    : [];

  const instId = position.inst_id;
  const title = position.side === 'long' ? t`Close ${instId} long` : t`Close ${instId} short`;
  return (
    <Modal open onOpenChange={(open) => !open && !busy && onDismiss()} title={title} className="fut-close">
      <div className="fut-close__form">
        <Segmented<Kind>
          label={t`Order type`}
          options={[
            { value: 'market', label: t`Market` },
            { value: 'limit', label: t`Limit` },
          ]}
          value={kind}
          onChange={setKind}
        />
        {kind === 'limit' && (
          <label className="fut-close__field">
            <span>
              <Trans>Limit price</Trans>
            </span>
            <NumberInput className="spot-form__input" value={limit} onValueChange={setLimit} />
          </label>
        )}
        <Segmented<Part>
          label={t`Close by`}
          options={[
            { value: 'percent', label: t`Percentage` },
            { value: 'amount', label: t`Amount` },
          ]}
          value={part}
          onChange={setPart}
        />
        {part === 'percent' ? (
          <div className="fut-close__percents" role="group" aria-label={t`Part of the position`}>
            {PERCENTS.map((value) => (
              <button key={value} type="button" aria-pressed={percent === value} className={clsx('spot-chip', percent === value && 'is-active')} onClick={() => setPercent(value)}>
                {`${value}%`}
              </button>
            ))}
          </div>
        ) : (
          <label className="fut-close__field">
            <span>
              <Trans>Amount ({symbol})</Trans>
            </span>
            <NumberInput className="spot-form__input" value={typed} onValueChange={setTyped} placeholder={formatExact(free)} />
          </label>
        )}
        {leaves && (
          <fieldset className="fut-close__triggers">
            <legend>
              <Trans>Take-profit and stop-loss on what is left (optional)</Trans>
            </legend>
            <label className="fut-close__field">
              <span>
                <Trans>Take-profit (USDT)</Trans>
              </span>
              <NumberInput className="spot-form__input" value={takeProfit} onValueChange={setTakeProfit} aria-invalid={triggerProblem === futuresMessages.takeProfitSide} />
            </label>
            <label className="fut-close__field">
              <span>
                <Trans>Stop-loss (USDT)</Trans>
              </span>
              <NumberInput className="spot-form__input" value={stopLoss} onValueChange={setStopLoss} aria-invalid={triggerProblem === futuresMessages.stopLossSide} />
            </label>
          </fieldset>
        )}
      </div>
      {triggerProblem !== null && (
        <p className="fut-close__ask down" role="alert">
          {contractText(triggerProblem)}
        </p>
      )}
      {preview ? (
        <dl className="fut-close__facts">
          {facts.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="fut-close__ask down" role="alert">
          <Trans>
            Enter an amount up to {freeText} {symbol} and a price above zero.
          </Trans>
        </p>
      )}
      <div className="fut-close__buttons">
        <button type="button" className="btn btn-ghost" onClick={onDismiss} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={busy || !preview || triggerProblem !== null}>
          {busy ? t`Processing...` : kind === 'market' ? t`Close at market` : t`Place close order`}
        </button>
      </div>
    </Modal>
  );
}
