import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { marketGet } from '../../shared/market/client';
import PriceChart from '../../shared/chart/PriceChart';
import { useCoins } from '../../shared/market/useCoins';
import { embedSymbol, isPairId } from './embedSymbol';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './ChartEmbedPage.css';

const statusSchema = z.object({ status: z.unknown() });

/** Spec 2 §7: the Check API button reports GET /status in an alert. */
export async function checkApi(alert: (message: string) => void = (message) => window.alert(message)): Promise<void> {
  try {
    const answer = await marketGet('/api/v1/status', statusSchema);
    alert(String(answer.status));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // Read when the button is pressed, so the alert speaks the page's language at that moment.
    alert(t`API Check Failed: ${detail}`);
  }
}

/** The full-window chart other pages frame (spec 2 §2), 320 px tall on a phone; ?symbol= or ?coin_pair_id= picks the coin, BTC by default. */
export default function ChartEmbedPage() {
  const [params] = useSearchParams();
  const symbolParam = params.get('symbol');
  const pairParam = params.get('coin_pair_id');
  const needsCoins = symbolParam === null && isPairId(pairParam);
  const { coins, status } = useCoins({ enabled: needsCoins });
  // A coin list that failed to load leaves the default coin rather than no chart.
  const list = status === 'loading' ? null : coins;
  const symbol = embedSymbol(symbolParam, pairParam, list);
  usePageTitle(...(symbol ? [`${symbol}/USDT`, t`Chart`] : [t`Chart`]));

  if (symbol === null) {
    return (
      <div className="chart-embed chart-embed--status" role="status">
        <Trans>Loading chart...</Trans>
      </div>
    );
  }

  return (
    <main className="chart-embed">
      <PriceChart
        key={symbol}
        symbol={symbol}
        className="chart-embed__chart"
        toolbarStart={
          <h1 className="chart-embed__symbol">
            {symbol}
            <span className="muted">/USDT</span>
          </h1>
        }
        toolbarEnd={
          <button type="button" className="btn btn-sm chart-embed__check" onClick={() => void checkApi()}>
            <Trans>Check API</Trans>
          </button>
        }
      />
    </main>
  );
}
