import type { ConvertQuoteResponse } from '@exchange/contract';
import { Timer } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../../../shared/i18n/contractText';
import { Modal } from '../../../shared/ui/Modal';
import { Spinner } from '../../../shared/ui/Spinner';
import { formatConvertAmount, formatRate } from '../model/rate';

export interface ConvertPreviewProps {
  open: boolean;
  from: string;
  to: string;
  /** The live firm quote of the amount; null while a new one is asked for. */
  quote: ConvertQuoteResponse | null;
  secondsLeft: number | null;
  /** The quote in view replaced the one the preview opened with (it expired). */
  renewed: boolean;
  /** The quote could not be renewed: the server's words, or ours. */
  quoteFailure: string | null;
  /** A refusal of Confirm, in the server's words. */
  error: string | null;
  /** Why Confirm was not done and a new quote is asked for (the quote went stale). */
  notice: string | null;
  converting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * What Convert will do, before it does it (issue 40): the amounts, the rate and no fee at the firm
 * quote, with its countdown; an expired quote is replaced at once and Confirm sends the new one.
 */
export function ConvertPreview({ open, from, to, quote, secondsLeft, renewed, quoteFailure, error, notice, converting, onConfirm, onClose }: ConvertPreviewProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const pay = quote ? `${formatConvertAmount(quote.amount)} ${from}` : '...';
  const receive = quote ? `${formatConvertAmount(quote.converted_amount)} ${to}` : '...';
  const rate = quote ? formatRate(quote.rate) : '...';
  const ttl = quote ? Math.max(1, Math.round(quote.ttl_ms / 1000)) : 1;
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t`Confirm conversion`} className="convert-preview">
      <dl className="convert-preview__facts" data-testid="convert-preview">
        <div>
          <dt>
            <Trans>You pay</Trans>
          </dt>
          <dd data-testid="convert-preview-pay">{pay}</dd>
        </div>
        <div>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd className="convert-preview__receive" data-testid="convert-preview-receive">
            {receive}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Rate</Trans>
          </dt>
          <dd data-testid="convert-preview-rate">
            <Trans>
              1 {from} = {rate} {to}
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd>
            <Trans>No fee</Trans>
          </dd>
        </div>
      </dl>
      <div className="convert-preview__countdown" data-testid="convert-preview-countdown">
        {quote && secondsLeft !== null ? (
          <>
            <span className="convert-preview__timer">
              <Timer size={16} aria-hidden />
              <Trans>Quote expires in {secondsLeft}s</Trans>
            </span>
            <progress className="convert-preview__progress" max={ttl} value={secondsLeft} aria-label={t`Time left on this quote`} />
          </>
        ) : (
          !quoteFailure && (
            <span className="convert-preview__timer">
              <Spinner className="convert-quote__spinner" label={t`Getting a new quote`} />
              <Trans>Getting a new quote...</Trans>
            </span>
          )
        )}
      </div>
      {notice && !error && (
        <p className="form-notice" role="status">
          {contractText(notice)}
        </p>
      )}
      {renewed && quote && !notice && (
        <p className="form-notice" role="status">
          <Trans>The quote expired and was renewed at the current rate. Check the amounts before you confirm.</Trans>
        </p>
      )}
      {(error ?? quoteFailure) && (
        <p className="form-error" role="alert">
          {contractText(error ?? quoteFailure ?? '')}
        </p>
      )}
      <div className="convert-preview__actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="btn btn-primary" disabled={quote === null || converting} onClick={onConfirm}>
          {converting ? <Trans>Converting...</Trans> : <Trans>Confirm</Trans>}
        </button>
      </div>
    </Modal>
  );
}
