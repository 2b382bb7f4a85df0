import { useMemo } from 'react';
import type { ChartMarker } from '../../../shared/chart/markers';
import { markersFromOrders } from './fillMarkers';
import { useOrders } from './useOrders';

/** The signed-in user's fills on `coinPairId` as chart markers; reloads with the page's refresh counter (bumped on private fills). */
export function useFillMarkers(uid: number | null, coinPairId: number | null, refresh: number): readonly ChartMarker[] {
  const { rows } = useOrders(coinPairId === null ? null : uid, 'all', refresh);
  return useMemo(() => (coinPairId === null ? [] : markersFromOrders(rows, coinPairId)), [rows, coinPairId]);
}
