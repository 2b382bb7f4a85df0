import { TourHost, type TourHostProps } from './TourHost';
import { useTour, type TourOptions } from './useTour';

export type GuidedTourProps = TourOptions & Omit<TourHostProps, 'tour'>;

/**
 * Help panel plus guided tour for one page. Pages that want their own start button use
 * `useTour` and `TourHost` instead.
 */
export function GuidedTour({ steps, storageKey, ...host }: GuidedTourProps) {
  const tour = useTour({ steps, storageKey });
  return <TourHost tour={tour} {...host} />;
}
