import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { hasSeenTour, markTourSeen } from './storage';
import type { TourStep } from './types';

export interface TourOptions {
  steps: readonly TourStep[];
  /** localStorage key of the seen flag, e.g. 'hasSeenSpotTradingWalkthrough'. */
  storageKey: string;
}

export interface TourController {
  steps: readonly TourStep[];
  /** The seen flag's key; the help panel keeps its own state beside it. */
  storageKey: string;
  isOpen: boolean;
  index: number;
  step: TourStep | undefined;
  playing: boolean;
  /** Whether the visitor had started this tour before (now or on an earlier visit). */
  seen: boolean;
  start: () => void;
  next: () => void;
  previous: () => void;
  skipToEnd: () => void;
  restart: () => void;
  close: () => void;
  togglePlay: () => void;
}

interface State {
  isOpen: boolean;
  index: number;
  playing: boolean;
}

type Action =
  | { type: 'start' }
  | { type: 'goto'; index: number }
  | { type: 'close' }
  | { type: 'togglePlay' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'start':
      return { isOpen: true, index: 0, playing: true };
    case 'goto':
      return { ...state, index: action.index };
    case 'close':
      return { ...state, isOpen: false };
    case 'togglePlay':
      return { ...state, playing: !state.playing };
  }
}

/** Tour state, navigation and auto-advance; rendering is left to `TourHost`. */
export function useTour({ steps, storageKey }: TourOptions): TourController {
  const [state, dispatch] = useReducer(reducer, { isOpen: false, index: 0, playing: true });
  const [seen, setSeen] = useState(() => hasSeenTour(storageKey));
  const last = Math.max(steps.length - 1, 0);
  const index = Math.min(state.index, last);
  const step = steps[index];

  const start = useCallback(() => {
    markTourSeen(storageKey);
    setSeen(true);
    dispatch({ type: 'start' });
  }, [storageKey]);
  const next = useCallback(() => dispatch({ type: 'goto', index: Math.min(index + 1, last) }), [index, last]);
  const previous = useCallback(() => dispatch({ type: 'goto', index: Math.max(index - 1, 0) }), [index]);
  const skipToEnd = useCallback(() => dispatch({ type: 'goto', index: last }), [last]);
  const restart = useCallback(() => dispatch({ type: 'start' }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const togglePlay = useCallback(() => dispatch({ type: 'togglePlay' }), []);

  // Only highlight steps auto-advance; the timer restarts whenever the step changes or play resumes.
  const duration = state.isOpen && state.playing && step?.kind === 'highlight' ? step.durationMs : null;
  useEffect(() => {
    if (duration === null || index >= last) return;
    const timer = setTimeout(() => dispatch({ type: 'goto', index: index + 1 }), duration);
    return () => clearTimeout(timer);
  }, [duration, index, last]);

  return useMemo(
    () => ({
      steps,
      storageKey,
      isOpen: state.isOpen && step !== undefined,
      index,
      step,
      playing: state.playing,
      seen,
      start,
      next,
      previous,
      skipToEnd,
      restart,
      close,
      togglePlay,
    }),
    [steps, storageKey, state.isOpen, state.playing, index, step, seen, start, next, previous, skipToEnd, restart, close, togglePlay],
  );
}
