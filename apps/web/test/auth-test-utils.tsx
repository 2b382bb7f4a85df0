import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { storageKeys } from '@exchange/contract';

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** Stubs fetch with answers keyed by path suffix; returns the mock to inspect calls. */
export function stubFetch(answers: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  const mock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const key = Object.keys(answers).find((suffix) => url.includes(suffix));
    if (!key) throw new TypeError(`Unexpected fetch ${url}`);
    const entry = answers[key];
    const answer = typeof entry === 'function' ? entry() : entry;
    if (!answer) throw new TypeError(`No answer for ${url}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON body of the n-th fetch call. */
export function sentBody(mock: ReturnType<typeof stubFetch>, index: number): unknown {
  const init = mock.mock.calls[index]?.[1];
  return JSON.parse(String(init?.body));
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders a page at `path` with a catch-all route that prints where navigation ended up. */
export function renderAt(path: string, routePath: string, page: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath} element={page} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The stored keys of a signed-in user (uid 42), as the login page leaves them. */
export function signInTestUser(): void {
  localStorage.setItem(storageKeys.authToken, 'token-1');
  localStorage.setItem(storageKeys.userId, 'user-1');
  localStorage.setItem(storageKeys.uid, '42');
}

/** After each page test: unmount, drop stubbed globals (fetch, matchMedia) and stored keys. */
export function resetPageTest(): void {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
}
