import type { OrderHistoryRow } from '@exchange/contract';
import type { ChartMarker } from '../../../shared/chart/markers';

/**
 * Chart markers for the user's orders of one coin pair that traded (filled, partly filled, or canceled
 * after a partial fill): B or S with the filled amount, at the order's time and average price.
 */
export function markersFromOrders(rows: readonly OrderHistoryRow[], coinPairId: number): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const row of rows) {
    if (row.coin_id !== coinPairId) continue;
    // Filled amount rather than status: an order canceled after a partial fill still traded.
    if (!(Number(row.filled_amount) > 0)) continue;
    const ms = Date.parse(row.date);
    if (!Number.isFinite(ms)) continue;
    const price = row.average_price === null ? undefined : Number(row.average_price);
    markers.push({
      time: Math.floor(ms / 1000),
      side: row.order_type,
      ...(price !== undefined && Number.isFinite(price) ? { price } : {}),
      text: `${row.order_type === 'buy' ? 'B' : 'S'} ${row.filled_amount}`,
    });
  }
  return markers;
}
