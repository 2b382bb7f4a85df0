import { useEffect, useReducer } from 'react';
import { useLocation } from 'react-router';
import { readSession, type StoredSession } from './session';

/**
 * The stored session, re-read on every navigation (login and sign-up store it and then
 * navigate) and when another tab changes storage.
 */
export function useSession(): StoredSession | null {
  useLocation();
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    window.addEventListener('storage', refresh);
    return () => window.removeEventListener('storage', refresh);
  }, []);
  return readSession();
}
