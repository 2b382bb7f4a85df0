import type { MessageDescriptor } from '@lingui/core';

/** Opening card: no target, waits for the visitor to press Next. */
export interface TourWelcomeStep {
  kind: 'welcome';
  title: MessageDescriptor;
  text: MessageDescriptor;
  /** Short facts shown as chips, e.g. "8 key features", "About 2 min". */
  facts?: readonly MessageDescriptor[];
}

/** Spotlights one element of the page and auto-advances after `durationMs` while playing. */
export interface TourHighlightStep {
  kind: 'highlight';
  /** CSS selector of the element to spotlight; see `tourTarget` for the data-tour convention. */
  target: string;
  title: MessageDescriptor;
  text: MessageDescriptor;
  durationMs: number;
}

/** Closing card with Restart Tour and the host page's finishing action. */
export interface TourCompletionStep {
  kind: 'completion';
  title: MessageDescriptor;
  text: MessageDescriptor;
}

export type TourStep = TourWelcomeStep | TourHighlightStep | TourCompletionStep;

/** Selector for an element marked `data-tour="name"`, the attribute page authors add. */
export function tourTarget(name: string): string {
  return `[data-tour="${name}"]`;
}
