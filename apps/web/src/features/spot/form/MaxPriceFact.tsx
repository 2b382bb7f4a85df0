import { useId, useState } from 'react';
import { CircleHelp } from 'lucide-react';
import { MARKET_BUY_SLIPPAGE_BPS } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice, priceDecimals } from '../../../shared/format/price';
import { maxPrice } from './tradeForm';

/**
 * The 'Max price' line (spec 1 §9: the price plus 5 %, shown for every order), with what it is
 * (issue 40): the server's protection limit of a market buy, which it does not fill beyond. Other
 * orders are not held to it, and the help says so.
 */
export function MaxPriceFact({ price, marketBuy }: { price: string; marketBuy: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const helpId = useId();
  // On the price grid's decimals: 1.05 × a price carries float digits no order book has.
  const cap = maxPrice(price);
  const limit = formatPrice(cap.toFixed(priceDecimals(cap)));
  const percent = MARKET_BUY_SLIPPAGE_BPS / 100;
  const protection = t`Protection limit: a market buy fills at the best offers, up to ${percent}% above the best one (about ${limit} USDT). It never pays more; any amount it cannot buy within the limit is cancelled.`;
  const help = marketBuy ? protection : `${protection} ${t`Only market buys are held to it: this order is not.`}`;
  return (
    <div className="spot-form__fact-help">
      <dt>
        <Trans>Max price</Trans>
        <button
          type="button"
          className="spot-form__help"
          aria-label={t`About this limit`}
          aria-expanded={open}
          aria-controls={helpId}
          title={help}
          onClick={() => setOpen((value) => !value)}
        >
          <CircleHelp size={14} aria-hidden />
        </button>
      </dt>
      <dd data-testid="max-price">{limit} USDT</dd>
      <dd id={helpId} className="spot-form__help-text" hidden={!open}>
        {help}
      </dd>
    </div>
  );
}
