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

/** Adds margin to an isolated position or removes some (issue 41); the server keeps the bound on removal. */
export function MarginDialog({ position, available, onDismiss, onChanged, change = changeMargin }: MarginDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [type, setType] = useState<'add' | 'reduce'>('add');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const valid = AMOUNT.test(amount.trim()) && Number(amount) > 0;
  const overWallet = valid && type === 'add' && available !== undefined && Number(amount) > Number(available);
  const problem = !valid ? t`Enter an amount above 0 with at most 8 decimals` : overWallet ? t`More than your futures wallet has available` : null;

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
          {available !== undefined && (
            <div>
              <dt>
                <Trans>Available</Trans>
              </dt>
              <dd>{formatFixed(available, 2)} USDT</dd>
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
        <label htmlFor={`${id}-amount`}>
          <Trans>Amount (USDT)</Trans>
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
        </label>
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
