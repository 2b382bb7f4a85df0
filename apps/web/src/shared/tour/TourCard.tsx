import { useId, useRef, type CSSProperties } from 'react';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, Pause, Play, RotateCcw, X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { tourMessages as m } from './messages';
import type { CardPosition } from './placement';
import type { TourController } from './useTour';
import { useDialogKeys } from './useDialogKeys';

interface TourCardProps {
  tour: TourController;
  position: CardPosition;
  /** Phone layout: the card sits at the bottom of the screen whatever the target. */
  docked: boolean;
  finishLabel: string;
  onFinish: () => void;
}

function positionStyle({ top, bottom, left }: CardPosition): CSSProperties {
  return { top, bottom, left };
}

export function TourCard({ tour, position, docked, finishLabel, onFinish }: TourCardProps) {
  const { t, i18n } = useLingui();
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const { step, index, steps, playing } = tour;
  const isLast = index >= steps.length - 1;
  useDialogKeys(cardRef, index, {
    onClose: tour.close,
    onNext: tour.next,
    onPrevious: tour.previous,
  });
  if (!step) return null;
  const stepNumber = index + 1;
  const stepCount = steps.length;

  const isHighlight = step.kind === 'highlight';
  const isCompletion = step.kind === 'completion';
  const counting = isHighlight && playing && !isLast;
  const side = docked ? 'docked' : position.side;

  return (
    <div
      ref={cardRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      className={clsx('tour-card', `tour-card--${side}`)}
      style={side === 'docked' || side === 'center' ? undefined : positionStyle(position)}
    >
      <div className="tour-card__head">
        <span className="tour-card__step">{t`Step ${stepNumber} of ${stepCount}`}</span>
        <button type="button" className="tour-card__icon" aria-label={i18n._(m.close)} onClick={tour.close}>
          <X size={18} aria-hidden />
        </button>
      </div>
      <div className="tour-card__progress" aria-hidden>
        {counting && (
          <span key={index} data-testid="tour-countdown" style={{ animationDuration: `${step.durationMs}ms` }} />
        )}
      </div>
      <h2 id={titleId} className="tour-card__title">
        {i18n._(step.title)}
      </h2>
      <p id={textId} className="tour-card__text">
        {i18n._(step.text)}
      </p>
      {step.kind === 'welcome' && step.facts && step.facts.length > 0 && (
        <ul className="tour-card__facts">
          {step.facts.map((fact) => (
            <li key={fact.id}>{i18n._(fact)}</li>
          ))}
        </ul>
      )}
      <div className="tour-card__controls">
        <button type="button" className="btn btn-ghost btn-sm" onClick={tour.previous} disabled={index === 0}>
          <ChevronLeft size={16} aria-hidden />
          {i18n._(m.previous)}
        </button>
        {isHighlight && (
          <button
            type="button"
            className="tour-card__icon tour-card__icon--play"
            aria-label={i18n._(playing ? m.pause : m.play)}
            aria-pressed={playing}
            onClick={tour.togglePlay}
          >
            {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
          </button>
        )}
        {isCompletion ? (
          <>
            <button type="button" className="btn btn-ghost btn-sm" onClick={tour.restart}>
              <RotateCcw size={16} aria-hidden />
              {i18n._(m.restart)}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={onFinish}>
              {finishLabel}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={tour.next}>
            {i18n._(m.next)}
            <ChevronRight size={16} aria-hidden />
          </button>
        )}
      </div>
      {!isCompletion && (
        <div className="tour-card__links">
          <button type="button" className="btn btn-link" onClick={tour.close}>
            {i18n._(m.skipTour)}
          </button>
          <button type="button" className="btn btn-link" onClick={tour.skipToEnd}>
            {i18n._(m.skipToEnd)}
          </button>
        </div>
      )}
    </div>
  );
}
