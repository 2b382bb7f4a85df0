import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { marketGet } from '../../shared/market/client';
import PriceChart from '../../shared/chart/PriceChart';
import { baseSymbol } from '../../shared/chart/udf';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './ChartEmbedPage.css';

const statusSchema = z.object({ status: z.unknown() });

/** Spec 2 §7: the Check API button reports GET /status in an alert. */
export async function checkApi(alert: (message: string) => void = (message) => window.alert(message)): Promise<void> {
  try {
    const answer = await marketGet('/api/v1/status', statusSchema);
    alert(String(answer.status));
  } catch (error) {
    alert(`API Check Failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The full-window chart other pages frame (spec 2 §2); ?symbol= or ?coin_pair_id= picks the coin, BTC by default. */
export default function ChartEmbedPage() {
  const [params] = useSearchParams();
  const symbol = baseSymbol(params.get('symbol') ?? params.get('coin_pair_id'));
  usePageTitle(`${symbol}/USDT`, 'Chart');

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
            Check API
          </button>
        }
      />
    </main>
  );
}
