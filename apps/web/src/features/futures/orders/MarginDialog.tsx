import { useId, useState } from 'react';
import type { FuturesPosition } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { formatFixed } from '../../../shared/format/number';
import { Modal } from '../../../shared/ui/Modal';
import { changeMargin } from '../api/positionToolsApi';

interface MarginDialogProps {
  position: FuturesPosition;
  /** USDT free in the futures wallet, when the page knows it. */
  available?: string;
  onDismiss: () => void;
  onChanged: () => void;
  change?: typeof changeMargin;
}

const AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;

/** A limit as the amount field takes it: at most 8 decimals, cut down so it never exceeds the limit. */
function toAmount(limit: string): string {
  const [whole = '0', fraction = ''] = limit.split('.');
  const cut = fraction.slice(0, 8).replace(/0+$/, '');
  return cut === '' ? whole : `${whole}.${cut}`;
}

/**
 * Adds margin to an isolated position or removes some (issue 41), naming what each may move: the
 * wallet's available, or what the server computed may leave the position at the mark it was shown at.
 * The server checks the bound again at the current mark.
 */
export function MarginDialog({ position, available, onDismiss, onChanged, change = changeMargin }: MarginDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [type, setType] = useState<'add' | 'reduce'>('add');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // What the chosen action may move: the wallet's available to add, the server's bound to remove.
  const limit = type === 'add' ? available : (position.max_removable_margin ?? undefined);
  const valid = AMOUNT.test(amount.trim()) && Number(amount) > 0;
  const over = valid && limit !== undefined && Number(amount) > Number(limit);
  const problem = !valid
    ? t`Enter an amount above 0 with at most 8 decimals`
    : over && type === 'add'
      ? t`More than your futures wallet has available`
      : over
        ? t`At most ${formatFixed(limit ?? '0', 2)} USDT can be removed now`
        : null;

  async function submit() {
    setTouched(true);
    if (problem !== null) return;
    setSending(true);
    setFailure(null);
    try {
      await change(position.position_id, { type, amount: amount.trim() });
      onChanged();
      onDismiss();
    } catch (error) {
      setFailure(errorMessage(error, t`The margin could not be changed. Please try again.`));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && !sending && onDismiss()} title={t`Adjust margin`} className="fut-close">
      <form
        className="fut-tool"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <dl className="fut-close__facts">
          <div>
            <dt>
              <Trans>Position</Trans>
            </dt>
            <dd>{t`${position.inst_id}, ${position.leverage}x`}</dd>
          </div>
          <div>
            <dt>
              <Trans>Margin</Trans>
            </dt>
            <dd data-testid="margin-dialog-current">{formatFixed(position.margin, 2)} USDT</dd>
          </div>
          {limit !== undefined && (
            <div>
              <dt>{type === 'add' ? <Trans>Available to add</Trans> : <Trans>Max removable</Trans>}</dt>
              <dd data-testid="margin-dialog-limit">{formatFixed(limit, 2)} USDT</dd>
            </div>
          )}
        </dl>
        <label>
          <Trans>Action</Trans>
          <select value={type} onChange={(event) => setType(event.target.value === 'reduce' ? 'reduce' : 'add')} disabled={sending}>
            <option value="add">{t`Add margin`}</option>
            <option value="reduce">{t`Remove margin`}</option>
          </select>
        </label>
        <div className="fut-tool__field">
          <label htmlFor={`${id}-amount`}>
            <Trans>Amount (USDT)</Trans>
          </label>
          <span className="fut-tool__amount">
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              disabled={sending}
              aria-invalid={touched && problem !== null}
              aria-describedby={`${id}-problem`}
              onChange={(event) => setAmount(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            {limit !== undefined && Number(limit) > 0 && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={sending} onClick={() => setAmount(toAmount(limit))}>
                <Trans>Max</Trans>
              </button>
            )}
          </span>
        </div>
        <p id={`${id}-problem`} className="fut-tool__error down" role={touched && problem ? 'alert' : undefined}>
          {touched ? problem : null}
        </p>
        {failure && (
          <p className="fut-tool__error down" role="alert">
            {failure}
          </p>
        )}
        <div className="fut-tool__buttons">
          <button type="button" className="btn btn-ghost" onClick={onDismiss} disabled={sending}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? t`Processing...` : t`Confirm`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
