import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_WALLETS, OPERATOR_REASON_MAX, type AdjustmentDirection, type AdjustmentWallet, type AdminAdjustmentRow } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { approveAdjustment, proposeAdjustment, rejectAdjustment } from './api';

/** A form's sending state and the server's refusal, as it words it. */
function useSend(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (run: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const alert: ReactNode = error && (
    <p role="alert" className="admin-error">
      {error}
    </p>
  );
  return { busy, send, alert };
}

export function useDirectionLabel() {
  const { t } = useLingui();
  return (direction: AdjustmentDirection) => (direction === 'credit' ? t`Credit (add to the balance)` : t`Debit (take from the balance)`);
}

export function useWalletLabel() {
  const { t } = useLingui();
  return (wallet: AdjustmentWallet) => (wallet === 'spot' ? t`Spot` : t`Funding`);
}

/** Proposes an adjustment: nothing moves until another operator approves it. */
export function ProposeForm({ onProposed }: { onProposed: (row: AdminAdjustmentRow) => void }) {
  const { t } = useLingui();
  const directionLabel = useDirectionLabel();
  const walletLabel = useWalletLabel();
  const [userId, setUserId] = useState('');
  const [asset, setAsset] = useState('USDT');
  const [wallet, setWallet] = useState<AdjustmentWallet>('spot');
  const [direction, setDirection] = useState<AdjustmentDirection>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const { busy, send, alert } = useSend(t`The adjustment could not be proposed.`);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(async () => {
      try {
        const body = { user_id: userId.trim(), asset: asset.trim(), wallet, direction, amount: amount.trim(), reason: reason.trim(), totp_code: code.trim() };
        const { adjustment } = await proposeAdjustment(body);
        setAmount('');
        setReason('');
        onProposed(adjustment);
      } finally {
        setCode('');
      }
    });
  };

  return (
    <form className="admin-form admin-form--grid" aria-labelledby="admin-adjustment-propose" onSubmit={onSubmit}>
      <h3 id="admin-adjustment-propose" className="admin-subtitle">
        <Trans>Propose an adjustment</Trans>
      </h3>
      <span />
      <label htmlFor="admin-adjustment-user">{t`User id`}</label>
      <div className="admin-field">
        <input id="admin-adjustment-user" required value={userId} aria-describedby="admin-adjustment-user-hint" onChange={(e) => setUserId(e.target.value)} />
        <span id="admin-adjustment-user-hint" className="muted admin-hint">
          <Trans>The user’s id, as the Users section shows it.</Trans>
        </span>
      </div>
      <label htmlFor="admin-adjustment-asset">{t`Asset`}</label>
      <input id="admin-adjustment-asset" required maxLength={20} value={asset} onChange={(e) => setAsset(e.target.value)} />
      <label htmlFor="admin-adjustment-wallet">{t`Wallet`}</label>
      <select id="admin-adjustment-wallet" value={wallet} onChange={(e) => setWallet(e.target.value as AdjustmentWallet)}>
        {ADJUSTMENT_WALLETS.map((w) => (
          <option key={w} value={w}>
            {walletLabel(w)}
          </option>
        ))}
      </select>
      <label htmlFor="admin-adjustment-direction">{t`Direction`}</label>
      <select id="admin-adjustment-direction" value={direction} onChange={(e) => setDirection(e.target.value as AdjustmentDirection)}>
        {ADJUSTMENT_DIRECTIONS.map((d) => (
          <option key={d} value={d}>
            {directionLabel(d)}
          </option>
        ))}
      </select>
      <label htmlFor="admin-adjustment-amount">{t`Amount`}</label>
      <input id="admin-adjustment-amount" required inputMode="decimal" maxLength={40} value={amount} onChange={(e) => setAmount(e.target.value)} />
      <label htmlFor="admin-adjustment-reason">{t`Reason`}</label>
      <div className="admin-field">
        <textarea id="admin-adjustment-reason" required maxLength={OPERATOR_REASON_MAX} rows={3} value={reason} aria-describedby="admin-adjustment-reason-hint" onChange={(e) => setReason(e.target.value)} />
        <span id="admin-adjustment-reason-hint" className="muted admin-hint">
          <Trans>The user reads this reason in their history once the adjustment is approved.</Trans>
        </span>
      </div>
      <label htmlFor="admin-adjustment-code">{t`Authenticator code`}</label>
      <input id="admin-adjustment-code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
      <div className="admin-row admin-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          <Trans>Propose</Trans>
        </button>
      </div>
      {alert}
    </form>
  );
}

/**
 * A pending adjustment's decision: another operator approves it (with the authenticator code, since
 * it moves money) or rejects it; its proposer can only cancel it. Both take a reason to refuse.
 */
export function AdjustmentDecision({ row, mine, onDecided }: { row: AdminAdjustmentRow; mine: boolean; onDecided: (row: AdminAdjustmentRow) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const approval = useSend(t`The adjustment could not be approved.`);
  const refusal = useSend(mine ? t`The adjustment could not be cancelled.` : t`The adjustment could not be rejected.`);

  const approve = (e: FormEvent) => {
    e.preventDefault();
    void approval.send(async () => {
      try {
        onDecided((await approveAdjustment(row.id, code.trim())).adjustment);
      } finally {
        setCode('');
      }
    });
  };
  const refuse = (e: FormEvent) => {
    e.preventDefault();
    void refusal.send(async () => onDecided((await rejectAdjustment(row.id, reason.trim())).adjustment));
  };

  return (
    <>
      {mine ? (
        <p className="muted">
          <Trans>You proposed this adjustment: another operator must approve it. You can cancel it.</Trans>
        </p>
      ) : (
        <form className="admin-form admin-form--grid" aria-label={t`Approve the adjustment`} onSubmit={approve}>
          <label htmlFor="admin-adjustment-approve-code">{t`Authenticator code`}</label>
          <input id="admin-adjustment-approve-code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          <div className="admin-row admin-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={approval.busy}>
              <Trans>Approve and book</Trans>
            </button>
          </div>
          {approval.alert}
        </form>
      )}
      <form className="admin-form admin-form--grid" aria-label={mine ? t`Cancel the adjustment` : t`Reject the adjustment`} onSubmit={refuse}>
        <label htmlFor="admin-adjustment-refuse-reason">{t`Reason`}</label>
        <textarea id="admin-adjustment-refuse-reason" required maxLength={OPERATOR_REASON_MAX} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        <div className="admin-row admin-actions">
          <button type="submit" className="btn btn-ghost btn-sm" disabled={refusal.busy}>
            {mine ? <Trans>Cancel the adjustment</Trans> : <Trans>Reject</Trans>}
          </button>
        </div>
        {refusal.alert}
      </form>
    </>
  );
}
