import { msg } from '@lingui/core/macro';

/** Fixed labels of the tour controls and help panel (spec 1 §2 "Guided walkthrough"). */
export const tourMessages = {
  helpTitle: msg`Need Help?`,
  helpText: msg`Take a quick guided tour of this page.`,
  welcomeHint: msg`New here? Start the tour to learn the key features in about 2 minutes.`,
  startTour: msg`Start Tour`,
  minimiseHelp: msg`Minimise help`,
  openHelp: msg`Open help`,
  previous: msg`Previous`,
  next: msg`Next`,
  play: msg`Play auto-advance`,
  pause: msg`Pause auto-advance`,
  skipToEnd: msg`Skip to End`,
  skipTour: msg`Skip Tour`,
  restart: msg`Restart Tour`,
  close: msg`Close tour`,
} as const;
