import { futuresMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../../shared/format/number';
import { useContractText } from '../../../shared/i18n/contractText';
import { BALANCE_DECIMALS, MARGIN_DECIMALS, feePercent } from './futuresForm';
import type { Tone } from './tone';

interface ToneFigures {
  tone: Tone;
  /** The margin the order would hold at this button's side's leverage. */
  cost: string;
  liquidation: number | null;
}

interface TradeFactsProps {
  signedIn: boolean;
  /** null until the wallet has been read. */
  available: string | null;
  balanceFailed?: boolean;
  /** The Available figure's id, which the buttons point at while they wait for it. */
  availableId?: string;
  /** One per button of an opening form; empty when the form closes. */
  costs: readonly ToneFigures[];
  fee: string;
  /** The rate `fee` is reckoned at: the user's taker rate. */
  feeRate: string;
  /** A market order is costed at the mark: named as the header names it. */
  markPrice?: string;
}

/** The form's figures: the wallet, then for an opening order its cost, fee and liquidation price per side. */
export function TradeFacts({ signedIn, available, balanceFailed = false, availableId, costs, fee, feeRate, markPrice }: TradeFactsProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const percent = feePercent(feeRate);
  const availableText = !signedIn
    ? contractText(futuresMessages.loginToViewBalance)
    : available !== null
      ? `${formatFixed(available, BALANCE_DECIMALS)} USDT`
      : balanceFailed
        ? t`Could not read your futures wallet`
        : t`Loading balance...`;
  // Long and short may carry different leverage: then each button's cost is named apart.
  const oneCost = costs.every((row) => row.cost === costs[0]?.cost);
  return (
    <dl className="spot-form__facts">
      <div>
        <dt>
          <Trans>Available</Trans>
        </dt>
        <dd id={availableId} data-testid="futures-available" aria-busy={signedIn && available === null && !balanceFailed}>
          {availableText}
        </dd>
      </div>
      {markPrice !== undefined && (
        <div>
          <dt>
            <Trans>Mark price</Trans>
          </dt>
          <dd data-testid="futures-mark">{formatFixed(markPrice, 2)} USDT</dd>
        </div>
      )}
      {costs.length > 0 && oneCost && (
        <div>
          <dt>
            <Trans>Cost</Trans>
          </dt>
          <dd data-testid="futures-cost">{formatFixed(costs[0]?.cost ?? '0', MARGIN_DECIMALS)} USDT</dd>
        </div>
      )}
      {!oneCost &&
        costs.map(({ tone, cost }) => (
          <div key={tone}>
            <dt>{tone === 'buy' ? <Trans>Cost (long)</Trans> : <Trans>Cost (short)</Trans>}</dt>
            <dd data-testid={`futures-cost-${tone}`}>{formatFixed(cost, MARGIN_DECIMALS)} USDT</dd>
          </div>
        ))}
      {costs.length > 0 && (
        <div>
          <dt>
            <Trans>Fee estimate ({percent}%)</Trans>
          </dt>
          <dd data-testid="futures-fee">{formatFixed(fee, MARGIN_DECIMALS)} USDT</dd>
        </div>
      )}
      {costs.map(({ tone, liquidation }) => (
        <div key={tone}>
          <dt>{tone === 'buy' ? <Trans>Liq. price (long)</Trans> : <Trans>Liq. price (short)</Trans>}</dt>
          <dd data-testid={`futures-liquidation-${tone}`}>{liquidation === null ? '--' : `${formatFixed(liquidation, 2)} USDT`}</dd>
        </div>
      ))}
    </dl>
  );
}
