import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { CircleHelp, Play, Sparkles, X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { tourMessages as m } from './messages';
import { helpStartsCollapsed, markHelpCollapsed } from './storage';
import { useBottomReserve } from './useBottomReserve';
import { PHONE_QUERY } from '../ui/useMediaQuery';


function startsCollapsed(storageKey: string): boolean {
  return helpStartsCollapsed(storageKey) || window.matchMedia(PHONE_QUERY).matches;
}

interface HelpPanelProps {
  /** The tour's storage key; the panel remembers its own state beside it. */
  storageKey: string;
  title: string;
  text: string;
  /** Extra welcome line for visitors who never started the tour; null hides it. */
  hint: string | null;
  onStart: () => void;
  /** The tour is running: the panel stays mounted (focus returns to it) but out of sight. */
  behind: boolean;
}

/**
 * Floating "Need Help?" panel, a chat-style widget over the page: it takes no room in the page's
 * layout. It opens expanded only on a visitor's first visit of the page, and only on a screen wider
 * than a phone's; otherwise, from then on, and once minimised, it is a small launcher in a bottom
 * corner (tour.css and the pages place it where it covers no control) that opens it.
 */
export function HelpPanel({ storageKey, title, text, hint, onStart, behind }: HelpPanelProps) {
  const { i18n } = useLingui();
  const [minimised, setMinimised] = useState(() => startsCollapsed(storageKey));
  const [element, setElement] = useState<HTMLElement | null>(null);
  // Set when the visitor opens or minimises it: focus follows to what replaced the control they
  // used. A panel opened by the first visit itself takes no focus from the page.
  const moveFocus = useRef(false);
  const titleId = useId();
  const className = clsx(behind && 'tour-help--behind');
  useBottomReserve(element);

  // Shown expanded once is enough: from the next visit on, minimised or not, it starts as the launcher.
  useEffect(() => markHelpCollapsed(storageKey), [storageKey]);

  const attach = useCallback((node: HTMLElement | null) => {
    setElement(node);
    if (!node || !moveFocus.current) return;
    moveFocus.current = false;
    node.focus();
  }, []);

  const toggle = (next: boolean) => {
    moveFocus.current = true;
    setMinimised(next);
  };

  if (minimised) {
    return (
      <button
        ref={attach}
        type="button"
        className={clsx('tour-help-fab', className)}
        aria-label={i18n._(m.openHelp)}
        aria-hidden={behind || undefined}
        onClick={() => toggle(false)}
      >
        <CircleHelp size={22} aria-hidden />
      </button>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    toggle(true);
  };

  return (
    <section
      ref={attach}
      className={clsx('tour-help', className)}
      aria-labelledby={titleId}
      aria-hidden={behind || undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="tour-help__head">
        <CircleHelp size={18} className="tour-help__icon" aria-hidden />
        <h2 id={titleId} className="tour-help__title">
          {title}
        </h2>
        <button type="button" className="tour-help__minimise" aria-label={i18n._(m.minimiseHelp)} title={i18n._(m.minimiseHelp)} onClick={() => toggle(true)}>
          <X size={18} aria-hidden />
        </button>
      </div>
      <div className="tour-help__body">
        <p className="tour-help__text">{text}</p>
        {hint && (
          <p className="tour-help__hint" data-testid="tour-welcome-hint">
            <Sparkles size={16} aria-hidden />
            <span>{hint}</span>
          </p>
        )}
      </div>
      <button type="button" className="btn btn-primary btn-sm btn-block" onClick={onStart}>
        <Play size={16} aria-hidden />
        {i18n._(m.startTour)}
      </button>
    </section>
  );
}
