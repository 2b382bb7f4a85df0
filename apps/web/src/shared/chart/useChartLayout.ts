import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChartLayout } from '@exchange/contract';
import { readSession } from '../session/session';
import { DEFAULT_CHART_LAYOUT, fetchServerLayout, readLocalLayout, saveServerLayout, writeLocalLayout } from './layoutStore';

/** Changes are sent to the server once they have settled for this long: a burst of clicks is one save. */
const SAVE_DELAY_MS = 800;

export type LayoutSync = 'local' | 'loading' | 'saved' | 'failed';

/**
 * The chart layout kept under `name`: in this browser's storage at once, and for a signed-in user on
 * our server (spec 2 §7 "chart storage"), where another device finds it. The server's copy replaces
 * the local one when it arrives, unless the user has changed something in the meantime.
 * Without a name the layout lives in memory only (the embed page).
 */
export function useChartLayout(name: string | undefined, initial: Partial<ChartLayout> = {}) {
  const [layout, setLayout] = useState<ChartLayout>(() => (name ? readLocalLayout(name) : null) ?? { ...DEFAULT_CHART_LAYOUT, ...initial });
  const [uid] = useState(() => (name ? (readSession()?.uid ?? null) : null));
  const [sync, setSync] = useState<LayoutSync>(uid !== null ? 'loading' : 'local');
  const touched = useRef(false);

  useEffect(() => {
    if (!name || uid === null) return undefined;
    const abort = new AbortController();
    fetchServerLayout(name, uid, abort.signal)
      .then((stored) => {
        if (stored && !touched.current) {
          setLayout(stored);
          writeLocalLayout(name, stored);
        }
        setSync('saved');
      })
      .catch(() => {
        if (!abort.signal.aborted) setSync('failed');
      });
    return () => abort.abort();
  }, [name, uid]);

  // Only the user's own changes are written: the server's copy arriving is no change to send back.
  useEffect(() => {
    if (!name || !touched.current) return undefined;
    writeLocalLayout(name, layout);
    if (uid === null) return undefined;
    const timer = setTimeout(() => {
      saveServerLayout(name, uid, layout).then(
        () => setSync('saved'),
        () => setSync('failed'),
      );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, uid, layout]);

  const update = useCallback(
    (change: Partial<ChartLayout> | ((current: ChartLayout) => Partial<ChartLayout>)) => {
      touched.current = true;
      if (uid !== null) setSync('loading');
      setLayout((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) }));
    },
    [uid],
  );

  return { layout, update, sync };
}
