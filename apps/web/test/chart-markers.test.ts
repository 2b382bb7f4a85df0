import { describe, expect, it } from 'vitest';
import { placeMarkers, toSeriesMarker, type ChartMarker } from '../src/shared/chart/markers';

const at = (h: number, m: number, s = 0) => Date.UTC(2026, 4, 14, h, m, s) / 1000;

describe('placing markers on bars', () => {
  it('moves each marker to the start of its bar at the chart timeframe', () => {
    const markers: ChartMarker[] = [{ time: at(13, 47, 29), side: 'buy', price: 100, text: 'B 0.01' }];
    expect(placeMarkers(markers, '1')).toEqual([{ time: at(13, 47), side: 'buy', price: 100, text: 'B 0.01' }]);
    expect(placeMarkers(markers, '5')[0]?.time).toBe(at(13, 45));
    expect(placeMarkers(markers, '15')[0]?.time).toBe(at(13, 45));
    expect(placeMarkers(markers, '240')[0]?.time).toBe(at(12, 0));
  });

  it('sorts markers by time, whatever order they came in', () => {
    const markers: ChartMarker[] = [
      { time: at(14, 3), side: 'sell' },
      { time: at(13, 1, 59), side: 'buy' },
      { time: at(13, 30), side: 'sell' },
    ];
    expect(placeMarkers(markers, '1').map((marker) => marker.time)).toEqual([at(13, 1), at(13, 30), at(14, 3)]);
  });

  it('drops markers older than the first loaded bar and times that are not numbers', () => {
    const markers: ChartMarker[] = [
      { time: at(9, 59, 59), side: 'buy' },
      { time: at(10, 0, 30), side: 'sell' },
      { time: Number.NaN, side: 'buy' },
    ];
    expect(placeMarkers(markers, '1', at(10, 0))).toEqual([{ time: at(10, 0), side: 'sell' }]);
  });

  it('keeps the input list untouched', () => {
    const markers: ChartMarker[] = [{ time: at(13, 47, 29), side: 'buy' }];
    placeMarkers(markers, '1');
    expect(markers[0]?.time).toBe(at(13, 47, 29));
  });
});

describe('marker style', () => {
  it('draws buys as green up arrows under the bar and sells as red down arrows over it', () => {
    expect(toSeriesMarker({ time: 60, side: 'buy', text: 'B 0.01' })).toEqual({
      time: 60,
      position: 'belowBar',
      shape: 'arrowUp',
      color: '#0ecb81',
      text: 'B 0.01',
    });
    expect(toSeriesMarker({ time: 120, side: 'sell' })).toEqual({
      time: 120,
      position: 'aboveBar',
      shape: 'arrowDown',
      color: '#f6465d',
      text: 'S',
    });
  });
});
