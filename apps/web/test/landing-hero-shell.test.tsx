import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';
import { LANDING_SHELL } from '../scripts/route-html';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The hero drawn into the English landing page before any script runs (scripts/route-html.ts). */
const shell = new DOMParser().parseFromString(readFileSync(path.join(import.meta.dirname, '..', LANDING_SHELL), 'utf8'), 'text/html');

const ancestry = (element: Element | null): string[] => {
  const chain: string[] = [];
  for (let node = element; node && node.tagName !== 'BODY' && !node.classList.contains('app-shell'); node = node.parentElement) {
    chain.push(`${node.tagName}#${node.id}.${node.className}`);
  }
  return chain;
};

describe('the landing hero drawn ahead of the app', () => {
  it('is the app’s own title and eyebrow, in the same place of the page, so the first render changes nothing', async () => {
    localStorage.clear();
    // The market list below the hero is not what this test looks at: its requests never answer.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    const title = await screen.findByRole('heading', { level: 1, name: 'Global Crypto Derivatives Exchange' });
    const drawn = shell.querySelector('h1');
    expect(drawn?.outerHTML).toBe(title.outerHTML);
    expect(shell.querySelector('.hero__eyebrow')?.outerHTML).toBe(document.querySelector('.hero__eyebrow')?.outerHTML);
    expect(ancestry(drawn)).toEqual(ancestry(title));
  });
});
