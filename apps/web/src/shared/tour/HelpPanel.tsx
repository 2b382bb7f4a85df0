import { useId, useState } from 'react';
import clsx from 'clsx';
import { CircleHelp, Minus, Play, Sparkles } from 'lucide-react';
import { tourMessages as m } from './messages';

interface HelpPanelProps {
  title: string;
  text: string;
  /** Extra welcome line for visitors who never started the tour; null hides it. */
  hint: string | null;
  onStart: () => void;
  /** The tour is running: the panel stays mounted (focus returns to it) but out of sight. */
  behind: boolean;
}

/** Floating bottom-right "Need Help?" panel; minimised to a round button for the rest of the visit. */
export function HelpPanel({ title, text, hint, onStart, behind }: HelpPanelProps) {
  const [minimised, setMinimised] = useState(false);
  const titleId = useId();
  const className = clsx(behind && 'tour-help--behind');

  if (minimised) {
    return (
      <button
        type="button"
        className={clsx('tour-help-fab', className)}
        aria-label={m.openHelp}
        aria-hidden={behind || undefined}
        onClick={() => setMinimised(false)}
      >
        <CircleHelp size={24} aria-hidden />
      </button>
    );
  }

  return (
    <section className={clsx('tour-help', className)} aria-labelledby={titleId} aria-hidden={behind || undefined}>
      <div className="tour-help__head">
        <CircleHelp size={18} className="tour-help__icon" aria-hidden />
        <h2 id={titleId} className="tour-help__title">
          {title}
        </h2>
        <button type="button" className="tour-help__minimise" aria-label={m.minimiseHelp} onClick={() => setMinimised(true)}>
          <Minus size={16} aria-hidden />
        </button>
      </div>
      <p className="tour-help__text">{text}</p>
      {hint && (
        <p className="tour-help__hint" data-testid="tour-welcome-hint">
          <Sparkles size={16} aria-hidden />
          <span>{hint}</span>
        </p>
      )}
      <button type="button" className="btn btn-primary btn-sm btn-block" onClick={onStart}>
        <Play size={16} aria-hidden />
        {m.startTour}
      </button>
    </section>
  );
}
