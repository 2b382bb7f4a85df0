export { GuidedTour, type GuidedTourProps } from './GuidedTour';
export { TourHost, type TourHostProps } from './TourHost';
export { useTour, type TourController, type TourOptions } from './useTour';
export { hasSeenTour } from './storage';
export { tourTarget, type TourStep, type TourWelcomeStep, type TourHighlightStep, type TourCompletionStep } from './types';
