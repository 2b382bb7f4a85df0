import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import PriceChart from '../src/shared/chart/PriceChart';
import type { PublicSocket } from '../src/shared/market/publicSocket';
import type { UdfHistory } from '../src/shared/chart/udf';
import type { PriceLineSpec } from '../src/shared/chart/chartSeries';

type Mock = ReturnType<typeof vi.fn>;
const built = vi.hoisted(() => ({ charts: [] as { setBars: Mock; setLine: Mock; resize: Mock; remove: Mock; size: unknown }[], fail: false }));

vi.mock('../src/shared/chart/chartSeries', () => ({
  buildChart: (_container: unknown, _style: unknown, _resolution: unknown, size: unknown) => {
    if (built.fail) throw new Error('Canvas 2D is unavailable');
    const chart = { chart: {}, size, setBars: vi.fn(), updateBar: vi.fn(), setMarkers: vi.fn(), setIndicators: vi.fn(), updateIndicators: vi.fn(), setDrawings: vi.fn(), setLine: vi.fn(), onClick: vi.fn(() => () => undefined), resize: vi.fn(), remove: vi.fn() };
    built.charts.push(chart);
    return chart;
  },
}));

class NoResize {
  observe() {}
  disconnect() {}
}

/** Reports each observed box at once, as browsers do, and later sizes on demand. */
const observed = vi.hoisted(() => ({ report: null as ((width: number, height: number) => void) | null }));
class ReportingResize {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const report = (width: number, height: number) => this.callback([{ target, contentRect: { width, height } } as ResizeObserverEntry], this as unknown as ResizeObserver);
    observed.report = report;
    const box = target.getBoundingClientRect();
    report(box.width + 0.4, box.height + 0.4);
  }
  disconnect() {
    observed.report = null;
  }
}

const socket = { subscribe: vi.fn(() => () => undefined) } as unknown as PublicSocket;
const history: UdfHistory = { s: 'ok', t: [60, 120], o: [1, 2], h: [3, 4], l: [0, 1], c: [2, 3], v: [5, 6] };

function deferred() {
  let resolve!: (value: UdfHistory) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<UdfHistory>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderChart(getHistory: () => Promise<UdfHistory>) {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <PriceChart symbol="BTC" socket={socket} getHistory={getHistory} />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  built.charts = [];
  built.fail = false;
  vi.unstubAllGlobals();
});

describe('the live chart', () => {
  it('is built once its history has arrived, and drawn with it', async () => {
    vi.stubGlobal('ResizeObserver', NoResize);
    const answer = deferred();
    renderChart(() => answer.promise);
    expect(screen.getByRole('status').textContent).toBe('Loading chart...');
    expect(built.charts).toHaveLength(0);
    answer.resolve(history);
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(built.charts).toHaveLength(1);
    expect(built.charts[0]?.setBars.mock.calls[0]?.[0]).toHaveLength(2);
  });

  it('shows the error with Retry when the history fails, and builds no chart', async () => {
    vi.stubGlobal('ResizeObserver', NoResize);
    renderChart(() => Promise.reject(new Error('down')));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load chart data');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(built.charts).toHaveLength(0);
  });

  it('shows the error when the browser cannot draw a chart', async () => {
    vi.stubGlobal('ResizeObserver', NoResize);
    built.fail = true;
    renderChart(() => Promise.resolve(history));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load chart data');
  });

  it('is built at the size the resize observer first reports, and resized only when that size changes', async () => {
    vi.stubGlobal('ResizeObserver', ReportingResize);
    renderChart(() => Promise.resolve(history));
    await vi.waitFor(() => expect(built.charts).toHaveLength(1));
    const chart = built.charts[0];
    expect(chart?.size).toEqual({ width: 0, height: 0 });
    expect(chart?.resize).not.toHaveBeenCalled();
    observed.report?.(640.7, 400.2);
    observed.report?.(640.2, 400.9);
    expect(chart?.resize.mock.calls).toEqual([[640, 400]]);
    expect(built.charts).toHaveLength(1);
  });

  it('draws a contract’s own trades by its id, with its mark as a line moved without a rebuild', async () => {
    vi.stubGlobal('ResizeObserver', NoResize);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const getHistory = vi.fn((_query: { symbol: string }) => Promise.resolve(history));
    const subscribe = vi.fn((_channel: string, _instId: string, _onData: unknown) => () => undefined);
    const contractSocket = { subscribe } as unknown as PublicSocket;
    const chart = (line: PriceLineSpec | null) => (
      <I18nProvider i18n={i18n}>
        <PriceChart symbol="BTC" instId="BTC-USDT-SWAP" line={line} socket={contractSocket} getHistory={getHistory} />
      </I18nProvider>
    );
    const view = render(chart({ title: 'Mark price', price: 60000 }));
    await vi.waitFor(() => expect(built.charts).toHaveLength(1));
    expect(getHistory.mock.calls[0]?.[0]).toMatchObject({ symbol: 'BTC-USDT-SWAP' });
    expect(subscribe.mock.calls[0]?.slice(0, 2)).toEqual(['trades', 'BTC-USDT-SWAP']);
    expect(built.charts[0]?.setLine).toHaveBeenLastCalledWith({ title: 'Mark price', price: 60000 });
    view.rerender(chart({ title: 'Mark price', price: 60100 }));
    expect(built.charts[0]?.setLine).toHaveBeenLastCalledWith({ title: 'Mark price', price: 60100 });
    view.rerender(chart(null));
    expect(built.charts[0]?.setLine).toHaveBeenLastCalledWith(null);
    expect(built.charts).toHaveLength(1);
  });

  it('removes the chart it built when the page leaves', async () => {
    vi.stubGlobal('ResizeObserver', NoResize);
    const view = renderChart(() => Promise.resolve(history));
    await vi.waitFor(() => expect(built.charts).toHaveLength(1));
    view.unmount();
    expect(built.charts[0]?.remove).toHaveBeenCalledTimes(1);
  });
});
