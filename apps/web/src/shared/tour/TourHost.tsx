import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { PHONE_QUERY, useMediaQuery } from '../../shared/ui/useMediaQuery';
import { HelpPanel } from './HelpPanel';
import { tourMessages as m } from './messages';
import { placeCard } from './placement';
import { Spotlight } from './Spotlight';
import { TourCard } from './TourCard';
import type { TourController } from './useTour';
import { useTargetRect } from './useTargetRect';
import './tour.css';


export interface TourHostProps {
  tour: TourController;
  /** Label of the completion card's primary action, e.g. "Start Trading". */
  finishLabel: string;
  /** Runs after the tour closes from the completion card's primary action. */
  onFinish?: () => void;
  helpTitle?: string;
  helpText?: string;
  /** Extra line for visitors who never started this tour. */
  welcomeHint?: string;
  /** False when the page starts the tour from its own button. */
  showHelpPanel?: boolean;
}

/** Renders the help panel and, while the tour runs, the spotlight and step card over the page. */
export function TourHost({
  tour,
  finishLabel,
  onFinish,
  helpTitle,
  helpText,
  welcomeHint,
  showHelpPanel = true,
}: TourHostProps) {
  const { i18n } = useLingui();
  const { close } = tour;
  const finish = useCallback(() => {
    close();
    onFinish?.();
  }, [close, onFinish]);

  return (
    <>
      {showHelpPanel && (
        <HelpPanel
          storageKey={tour.storageKey}
          title={helpTitle ?? i18n._(m.helpTitle)}
          text={helpText ?? i18n._(m.helpText)}
          hint={tour.seen ? null : (welcomeHint ?? i18n._(m.welcomeHint))}
          onStart={tour.start}
          behind={tour.isOpen}
        />
      )}
      {tour.isOpen && createPortal(<RunningTour tour={tour} finishLabel={finishLabel} onFinish={finish} />, document.body)}
    </>
  );
}

function RunningTour({ tour, finishLabel, onFinish }: { tour: TourController; finishLabel: string; onFinish: () => void }) {
  const docked = useMediaQuery(PHONE_QUERY);
  const selector = tour.step?.kind === 'highlight' ? tour.step.target : null;
  // On a phone the card covers the lower screen, so the target goes to the top instead of the middle.
  const box = useTargetRect(selector, docked ? 'start' : 'center');
  const position = placeCard(box, { width: window.innerWidth, height: window.innerHeight });

  return (
    <div className="tour-layer">
      <Spotlight box={box} />
      <TourCard tour={tour} position={position} docked={docked} finishLabel={finishLabel} onFinish={onFinish} />
    </div>
  );
}
