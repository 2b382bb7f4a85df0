import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { LazyDownloadQr } from '../src/features/download/LazyDownloadQr';

/** An IntersectionObserver the test moves by hand: `show()` brings every observed element on screen. */
function fakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set() };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed: () => [...observers].reduce((count, observer) => count + observer.elements.size, 0),
    show() {
      for (const { callback, elements } of [...observers]) {
        const entries = [...elements].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('download QR in the header and footer', () => {
  it('is not computed until it comes on screen', async () => {
    const screenView = fakeIntersectionObserver();
    render(<LazyDownloadQr />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByTitle('QR code to download the app')).toBeNull();
    expect(screenView.observed()).toBe(1);

    act(() => screenView.show());
    expect(await screen.findByTitle('QR code to download the app')).toBeTruthy();
    expect(screenView.observed()).toBe(0);
  });
});
