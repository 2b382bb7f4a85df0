import { emailField } from '@exchange/contract';

/** What other pages may pass to /login or /signup in history state. */
export interface AuthNavigationState {
  email?: string;
  step?: string;
  notice?: string;
}

export function readNavigationState(state: unknown): AuthNavigationState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { email: text(s.email), step: text(s.step), notice: text(s.notice) };
}

/** An email taken from a URL or history state, or '' when it is not one. */
export function validEmailOrEmpty(value: string | null | undefined): string {
  const parsed = emailField.safeParse(value ?? '');
  return parsed.success ? parsed.data : '';
}
