import { useId, useState } from 'react';
import { earnMessages, type EarnPosition } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { formatBalance } from '../../../shared/format/balance';
import { formatDateTime } from '../../../shared/format/wallet';
import { useContractText } from '../../../shared/i18n/contractText';
import { Modal } from '../../../shared/ui/Modal';
import { redeem } from '../api/earnApi';
import { redeemProblem, redeemProblemText } from '../model/amountCheck';
import { RedeemAmountField } from './RedeemAmountField';
import { TokenCell } from './TokenCell';
import { useTermLabel } from './useTermLabel';

interface RedeemDialogProps {
  position: EarnPosition | null;
  uid: number;
  onClose: () => void;
  onRedeemed: (position: EarnPosition) => void;
}

/** Redeem (issues 18, 40): any part of the principal back to the wallet it came from; a fixed term only from maturity. */
export function RedeemDialog({ position, uid, onClose, onRedeemed }: RedeemDialogProps) {
  const { t } = useLingui();
  const symbol = position?.symbol ?? '';
  return (
    <Modal open={position !== null} onOpenChange={(open) => !open && onClose()} title={t`Redeem ${symbol}`} className="earn-dialog">
      {position && <RedeemBody key={position.id} position={position} uid={uid} onRedeemed={onRedeemed} />}
    </Modal>
  );
}

function RedeemBody({ position, uid, onRedeemed }: { position: EarnPosition; uid: number; onRedeemed: (position: EarnPosition) => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const termLabel = useTermLabel();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [amount, setAmount] = useState(position.principal);
  const [touched, setTouched] = useState(false);
  const fieldId = useId();
  const helpId = useId();
  const { symbol } = position;
  const problem = redeemProblem(amount, position.principal);
  const principal = `${formatBalance(position.principal)} ${symbol}`;
  const interest = `${formatBalance(position.interest)} ${symbol}`;
  const wallet = position.source === 'spot' ? t`Spot wallet` : t`Funding wallet`;
  const matures = position.matures_at ? formatDateTime(position.matures_at) : null;

  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    setSending(true);
    setFailure(null);
    try {
      onRedeemed((await redeem(uid, position.id, amount.trim())).position);
    } catch (error) {
      setFailure(errorMessage(error, contractText(earnMessages.redeemFailed)));
      setSending(false);
    }
  };

  return (
    <div className="earn-form">
      <div className="earn-form__product">
        <TokenCell symbol={symbol} name={position.name} logo={position.logo_path} />
        <span className="earn-term">{termLabel(position)}</span>
      </div>
      {position.redeemable && (
        <div className="field">
          <label htmlFor={fieldId}>
            <Trans>Amount to redeem</Trans>
          </label>
          <RedeemAmountField
            id={fieldId}
            value={amount}
            symbol={symbol}
            max={position.principal}
            invalid={touched && problem !== null}
            describedBy={helpId}
            onChange={(value) => {
              setAmount(value);
              setTouched(true);
              setFailure(null);
            }}
          />
          <p id={helpId} className="muted earn-form__hint">
            <Trans>In this position: {principal}</Trans>
          </p>
          {touched && problem && (
            <p className="field-error" role="alert">
              {contractText(redeemProblemText[problem.kind])}
            </p>
          )}
        </div>
      )}
      <dl className="earn-summary">
        {!position.redeemable && (
          <div>
            <dt>
              <Trans>In this position</Trans>
            </dt>
            <dd>{principal}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Interest earned</Trans>
          </dt>
          <dd>{interest}</dd>
        </div>
        <div>
          <dt>
            <Trans>Returned to</Trans>
          </dt>
          <dd>{wallet}</dd>
        </div>
      </dl>
      {!position.redeemable && matures && (
        <p className="form-error" role="alert">
          <Trans>This fixed-term position can be redeemed at maturity, from {matures}.</Trans>
        </p>
      )}
      {position.redeemable && (
        <p className="muted earn-form__hint">
          <Trans>The amount returns at once; the rest keeps earning. The redeemed part earns nothing for today.</Trans>
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {contractText(failure)}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" disabled={sending || !position.redeemable || (touched && problem !== null)} onClick={() => void confirm()}>
        {sending ? <Trans>Processing...</Trans> : <Trans>Confirm redemption</Trans>}
      </button>
    </div>
  );
}
