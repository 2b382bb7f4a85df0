import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { msg } from '@lingui/core/macro';
import { GuidedTour, hasSeenTour, tourTarget, type TourStep } from '../src/shared/tour';

const KEY = 'hasSeenTestWalkthrough';

const steps: TourStep[] = [
  { kind: 'welcome', title: msg`Welcome aboard`, text: msg`A quick look around.`, facts: [msg`2 key features`, msg`About 1 min`] },
  { kind: 'highlight', target: tourTarget('chart'), title: msg`The chart`, text: msg`Prices over time.`, durationMs: 5000 },
  { kind: 'highlight', target: tourTarget('missing'), title: msg`Not on this page`, text: msg`Nothing to point at.`, durationMs: 4000 },
  { kind: 'completion', title: msg`All done`, text: msg`Enjoy.` },
];

function renderTour(onFinish = vi.fn()) {
  render(
    <>
      <div data-tour="chart">chart</div>
      <GuidedTour steps={steps} storageKey={KEY} finishLabel="Start Trading" onFinish={onFinish} helpText="Learn this page." />
    </>,
  );
  return onFinish;
}

function startTour() {
  // fireEvent does not move focus the way a real click does.
  const button = screen.getByRole('button', { name: 'Start Tour' });
  button.focus();
  fireEvent.click(button);
  return screen.getByRole('dialog');
}

function dialogTitle() {
  return within(screen.getByRole('dialog')).getByRole('heading').textContent;
}

function click(name: string) {
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name }));
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('help panel', () => {
  it('starts the tour, records the seen flag and moves focus into the card', () => {
    renderTour();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hasSeenTour(KEY)).toBe(false);

    const dialog = startTour();

    expect(localStorage.getItem(KEY)).toBe('true');
    expect(hasSeenTour(KEY)).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-labelledby')).toBe(within(dialog).getByRole('heading').id);
    expect(within(dialog).getByText('Step 1 of 4')).toBeTruthy();
    expect(within(dialog).getByText('2 key features')).toBeTruthy();
    expect(document.activeElement).toBe(dialog);
  });

  it('shows the welcome hint only to a visitor without the seen flag', () => {
    renderTour();
    expect(screen.getByTestId('tour-welcome-hint')).toBeTruthy();
    startTour();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('tour-welcome-hint')).toBeNull();
    cleanup();

    localStorage.setItem(KEY, 'true');
    renderTour();
    fireEvent.click(screen.getByRole('button', { name: 'Open help' }));
    expect(screen.getByText('Learn this page.')).toBeTruthy();
    expect(screen.queryByTestId('tour-welcome-hint')).toBeNull();
  });

  it('minimises to a round button and opens again', () => {
    renderTour();
    fireEvent.click(screen.getByRole('button', { name: 'Minimise help' }));
    expect(screen.queryByRole('button', { name: 'Start Tour' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open help' }));
    expect(screen.getByRole('button', { name: 'Start Tour' })).toBeTruthy();
  });
});

describe('help panel memory', () => {
  it('opens expanded on the first visit only, then starts as the launcher', () => {
    renderTour();
    expect(screen.getByRole('button', { name: 'Start Tour' })).toBeTruthy();
    cleanup();

    renderTour();
    expect(screen.getByRole('button', { name: 'Open help' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Tour' })).toBeNull();
  });

  it('stays minimised on the next visit', () => {
    renderTour();
    fireEvent.click(screen.getByRole('button', { name: 'Minimise help' }));
    cleanup();

    renderTour();
    expect(screen.getByRole('button', { name: 'Open help' })).toBeTruthy();
  });

  it('starts as the launcher once the tour was seen, and keeps each page\'s tour apart', () => {
    localStorage.setItem(KEY, 'true');
    renderTour();
    expect(screen.getByRole('button', { name: 'Open help' })).toBeTruthy();
    cleanup();

    render(<GuidedTour steps={steps} storageKey="hasSeenOtherWalkthrough" finishLabel="Done" />);
    expect(screen.getByRole('button', { name: 'Start Tour' })).toBeTruthy();
  });

  it('waits as the launcher on a phone\'s first visit and opens when tapped', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderTour();
    expect(screen.queryByRole('button', { name: 'Start Tour' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open help' }));
    expect(screen.getByRole('button', { name: 'Start Tour' })).toBeTruthy();
    expect(screen.getByTestId('tour-welcome-hint')).toBeTruthy();
  });

  it('reserves room at the bottom of the page while it is shown, once the browser has laid it out', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      { top: 700, left: 1100, width: 280, height: 176, bottom: 876, right: 1380, x: 1100, y: 700, toJSON: () => ({}) },
    );
    vi.stubGlobal('innerHeight', 900);
    // As browsers do, the observer reports an element's first size after the next layout, not during observe().
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          setTimeout(this.report, 0);
        }
        disconnect() {}
      },
    );
    renderTour();
    expect(document.documentElement.style.getPropertyValue('--tour-help-reserve')).toBe('');
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--tour-help-reserve')).toBe('212px'));
    cleanup();
    expect(document.documentElement.style.getPropertyValue('--tour-help-reserve')).toBe('');
    vi.unstubAllGlobals();
  });
});

describe('navigation', () => {
  it('goes Next, Previous, Skip to End and Restart', () => {
    renderTour();
    startTour();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    click('Next');
    expect(dialogTitle()).toBe('The chart');
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    click('Previous');
    expect(dialogTitle()).toBe('Welcome aboard');

    click('Skip to End');
    expect(dialogTitle()).toBe('All done');
    expect(screen.getByText('Step 4 of 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    click('Restart Tour');
    expect(dialogTitle()).toBe('Welcome aboard');
  });

  it('runs the host action from the completion card and closes', () => {
    const onFinish = renderTour();
    startTour();
    click('Skip to End');
    click('Start Trading');
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Skip Tour closes without the finishing action and returns focus to the panel', () => {
    const onFinish = renderTour();
    startTour();
    click('Skip Tour');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onFinish).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start Tour' }));
  });

  it('follows the keyboard: arrows navigate and Escape closes', () => {
    renderTour();
    startTour();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(dialogTitle()).toBe('The chart');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(dialogTitle()).toBe('Welcome aboard');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('auto-advance', () => {
  it('moves on after the step duration, not on the welcome card, and not while paused', () => {
    vi.useFakeTimers();
    renderTour();
    startTour();
    act(() => vi.advanceTimersByTime(20_000));
    expect(dialogTitle()).toBe('Welcome aboard');

    click('Next');
    expect(screen.getByTestId('tour-countdown').style.animationDuration).toBe('5000ms');
    act(() => vi.advanceTimersByTime(4999));
    expect(dialogTitle()).toBe('The chart');
    act(() => vi.advanceTimersByTime(1));
    expect(dialogTitle()).toBe('Not on this page');

    click('Pause auto-advance');
    expect(screen.queryByTestId('tour-countdown')).toBeNull();
    act(() => vi.advanceTimersByTime(20_000));
    expect(dialogTitle()).toBe('Not on this page');

    click('Play auto-advance');
    act(() => vi.advanceTimersByTime(4000));
    expect(dialogTitle()).toBe('All done');
  });

  it('restarts the timer when the visitor navigates by hand', () => {
    vi.useFakeTimers();
    renderTour();
    startTour();
    click('Next');
    act(() => vi.advanceTimersByTime(3000));
    click('Previous');
    click('Next');
    act(() => vi.advanceTimersByTime(3000));
    expect(dialogTitle()).toBe('The chart');
    act(() => vi.advanceTimersByTime(2000));
    expect(dialogTitle()).toBe('Not on this page');
  });
});

describe('spotlight', () => {
  it('cuts out the target element and scrolls it into view', () => {
    vi.useFakeTimers();
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrolled);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      { top: 100, left: 200, width: 300, height: 150, bottom: 250, right: 500, x: 200, y: 100, toJSON: () => ({}) },
    );
    renderTour();
    startTour();
    click('Next');
    act(() => vi.advanceTimersByTime(20));

    const spotlight = screen.getByTestId('tour-spotlight');
    expect(spotlight.style.top).toBe('92px');
    expect(spotlight.style.left).toBe('192px');
    expect(spotlight.style.width).toBe('316px');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog').className).toContain('tour-card--below');
  });

  it('shows a step whose target is missing centred, without a spotlight', () => {
    vi.useFakeTimers();
    renderTour();
    startTour();
    click('Next');
    click('Next');
    act(() => vi.advanceTimersByTime(20));
    expect(dialogTitle()).toBe('Not on this page');
    expect(screen.queryByTestId('tour-spotlight')).toBeNull();
    expect(screen.getByRole('dialog').className).toContain('tour-card--center');
  });

  it('survives a target selector that is not valid CSS', () => {
    render(
      <GuidedTour
        steps={[{ kind: 'highlight', target: '[[broken', title: msg`Broken`, text: msg`x`, durationMs: 4000 }]}
        storageKey={KEY}
        finishLabel="Done"
      />,
    );
    startTour();
    expect(dialogTitle()).toBe('Broken');
  });
});
