/** Fixed labels of the tour controls and help panel (spec 1 §2 "Guided walkthrough"). */
export const tourMessages = {
  helpTitle: 'Need Help?',
  helpText: 'Take a quick guided tour of this page.',
  welcomeHint: 'New here? Start the tour to learn the key features in about 2 minutes.',
  startTour: 'Start Tour',
  minimiseHelp: 'Minimise help',
  openHelp: 'Open help',
  previous: 'Previous',
  next: 'Next',
  play: 'Play auto-advance',
  pause: 'Pause auto-advance',
  skipToEnd: 'Skip to End',
  skipTour: 'Skip Tour',
  restart: 'Restart Tour',
  close: 'Close tour',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
} as const;
