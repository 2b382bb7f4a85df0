import { useEffect, useState } from 'react';

/** Spec 3 §9: the "Copied" indicator shows for 2 seconds. */
export const COPIED_FOR_MS = 2_000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies a text to the clipboard: "copied" for 2 s after success, "failed" until the next try. */
export function useCopy() {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async (text: string) => {
    try {
      // Pages served over plain HTTP have no clipboard API at all.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return { state, copy };
}
