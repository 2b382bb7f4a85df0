import { Timer } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../../shared/ui/Spinner';
import { formatRate } from '../model/rate';

interface QuoteLineProps {
  from: string;
  to: string;
  /** The live rate: the quote's, else the prices' until a quote arrives; null when neither is known. */
  rate: string | null;
  /** Seconds the firm quote has left; null with no firm quote. */
  secondsLeft: number | null;
  loading: boolean;
}

/** The rate line with the firm quote's countdown (issue 15: the live rate, not the seed's fixed one). */
export function QuoteLine({ from, to, rate, secondsLeft, loading }: QuoteLineProps) {
  const { t } = useLingui();
  const shownRate = rate === null ? '...' : formatRate(rate);
  return (
    <div className="convert-quote" data-tour="convert-quote">
      <span className="convert-quote__rate" data-testid="convert-rate">
        <Trans>
          1 {from} = {shownRate} {to}
        </Trans>
      </span>
      {loading ? (
        <Spinner className="convert-quote__spinner" label={t`Getting a quote`} />
      ) : (
        secondsLeft !== null && (
          <span className="convert-quote__timer muted">
            <Timer size={14} aria-hidden />
            <Trans>Quote refreshes in {secondsLeft}s</Trans>
          </span>
        )
      )}
    </div>
  );
}
