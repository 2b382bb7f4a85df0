import { useId, useState } from 'react';
import type { FuturesPosition, TriggerBy } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { formatFixed } from '../../../shared/format/number';
import { Modal } from '../../../shared/ui/Modal';
import { clearTpsl, setTpsl } from '../api/positionToolsApi';

interface TpslDialogProps {
  position: FuturesPosition;
  onDismiss: () => void;
  onChanged: () => void;
  set?: typeof setTpsl;
  clear?: typeof clearTpsl;
}

const PRICE = /^\d{1,20}(\.\d{1,8})?$/;

/** What is wrong with the typed prices, checked against the mark as the server checks the watched price. */
export function tpslProblem(side: FuturesPosition['side'], tp: string, sl: string, mark: number | null): 'none' | 'format' | 'tpSide' | 'slSide' | null {
  if (tp === '' && sl === '') return 'none';
  for (const v of [tp, sl]) if (v !== '' && (!PRICE.test(v) || Number(v) <= 0)) return 'format';
  if (mark === null) return null;
  const s = side === 'long' ? 1 : -1;
  if (tp !== '' && s * (Number(tp) - mark) <= 0) return 'tpSide';
  if (sl !== '' && s * (mark - Number(sl)) <= 0) return 'slSide';
  return null;
}

/** Take-profit and stop-loss on a position, by mark or last price (issue 41); a hit closes it at market. */
export function TpslDialog({ position, onDismiss, onChanged, set = setTpsl, clear = clearTpsl }: TpslDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [tp, setTp] = useState(position.take_profit ?? '');
  const [sl, setSl] = useState(position.stop_loss ?? '');
  const [by, setBy] = useState<TriggerBy>(position.trigger_by);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const long = position.side === 'long';
  const mark = position.mark_price === null ? null : Number(position.mark_price);
  const problem = tpslProblem(position.side, tp.trim(), sl.trim(), by === 'mark' ? mark : null);
  const problemText = {
    none: t`Enter a take-profit or a stop-loss price`,
    format: t`Enter a price above 0 with at most 8 decimals`,
    tpSide: long ? t`The take-profit must be above the mark price` : t`The take-profit must be below the mark price`,
    slSide: long ? t`The stop-loss must be below the mark price` : t`The stop-loss must be above the mark price`,
  };

  async function run(action: () => Promise<unknown>) {
    setSending(true);
    setFailure(null);
    try {
      await action();
      onChanged();
      onDismiss();
    } catch (error) {
      setFailure(errorMessage(error, t`The take-profit and stop-loss could not be saved. Please try again.`));
    } finally {
      setSending(false);
    }
  }

  function submit() {
    setTouched(true);
    if (problem !== null) return;
    void run(() => set(position.position_id, { tp_trigger_price: tp.trim() || undefined, sl_trigger_price: sl.trim() || undefined, trigger_by: by }));
  }

  const field = (label: string, value: string, onChange: (v: string) => void, name: string) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        inputMode="decimal"
        value={value}
        disabled={sending}
        aria-invalid={touched && problem !== null}
        aria-describedby={`${id}-problem`}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );

  return (
    <Modal open onOpenChange={(open) => !open && !sending && onDismiss()} title={t`Take-profit / stop-loss`} className="fut-close">
      <form
        className="fut-tool"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <dl className="fut-close__facts">
          <div>
            <dt>
              <Trans>Entry Price</Trans>
            </dt>
            <dd>{position.entry_price === null ? '--' : formatFixed(position.entry_price, 2)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Mark price</Trans>
            </dt>
            <dd>{position.mark_price === null ? '--' : formatFixed(position.mark_price, 2)}</dd>
          </div>
        </dl>
        <label>
          <Trans>Trigger price</Trans>
          <select value={by} onChange={(event) => setBy(event.target.value === 'last' ? 'last' : 'mark')} disabled={sending}>
            <option value="mark">{t`Mark price`}</option>
            <option value="last">{t`Last price`}</option>
          </select>
        </label>
        {field(t`Take-profit (USDT)`, tp, setTp, 'tp')}
        {field(t`Stop-loss (USDT)`, sl, setSl, 'sl')}
        <p id={`${id}-problem`} className="fut-tool__error down" role={touched && problem ? 'alert' : undefined}>
          {touched && problem ? problemText[problem] : null}
        </p>
        {failure && (
          <p className="fut-tool__error down" role="alert">
            {failure}
          </p>
        )}
        <div className="fut-tool__buttons">
          {(position.take_profit !== null || position.stop_loss !== null) && (
            <button type="button" className="btn btn-ghost" disabled={sending} onClick={() => void run(() => clear(position.position_id))}>
              <Trans>Remove</Trans>
            </button>
          )}
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
