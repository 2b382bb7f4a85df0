import { storageKeys } from '@exchange/contract';

export interface StoredSession {
  token: string;
  userId: string;
  uid: number | null;
  email: string | null;
  fullName: string | null;
  isVerified: string | null;
}

const k = storageKeys;

/** Writes the keys of spec 1 §3 after login or sign-up. */
export function saveSession(s: { token: string; userId: string; uid?: number | null; email: string }): void {
  localStorage.setItem(k.authToken, s.token);
  localStorage.setItem(k.userId, s.userId);
  localStorage.setItem(k.isAuthenticated, 'true');
  localStorage.setItem(k.email, s.email);
  localStorage.setItem(k.user, JSON.stringify({ email: s.email }));
  if (s.uid != null) localStorage.setItem(k.uid, String(s.uid));
}

/** After an email change (spec 3 §4): the stored user's email is the new one. */
export function saveEmail(email: string): void {
  const storage = localStorage.getItem(k.authToken) ? localStorage : sessionStorage;
  storage.setItem(k.email, email);
  let user: Record<string, unknown> = {};
  try {
    const stored = JSON.parse(storage.getItem(k.user) ?? 'null') as unknown;
    if (stored && typeof stored === 'object') user = stored as Record<string, unknown>;
  } catch {
    // A damaged entry is replaced.
  }
  storage.setItem(k.user, JSON.stringify({ ...user, email }));
}

export function saveProfile(p: { fullName?: string | null; phone?: string | null; profileImage?: string | null; isVerified?: string | null; uid?: number | null }): void {
  if (p.fullName) localStorage.setItem(k.fullName, p.fullName);
  if (p.phone) localStorage.setItem(k.phone, p.phone);
  if (p.profileImage) localStorage.setItem(k.profileImage, p.profileImage);
  if (p.isVerified) localStorage.setItem(k.isVerified, p.isVerified);
  if (p.uid != null) localStorage.setItem(k.uid, String(p.uid));
}

function read(key: string): string | null {
  return localStorage.getItem(key) ?? sessionStorage.getItem(key);
}

export function readSession(): StoredSession | null {
  const token = read(k.authToken);
  if (!token) return null;
  const userId = read(k.userId) ?? '';
  const uidText = read(k.uid);
  let email = read(k.email);
  if (!email) {
    try {
      const user = JSON.parse(read(k.user) ?? 'null') as { email?: string } | null;
      email = user?.email ?? null;
    } catch {
      email = null;
    }
  }
  return {
    token,
    userId,
    uid: uidText && /^\d+$/.test(uidText) ? Number(uidText) : null,
    email,
    fullName: read(k.fullName),
    isVerified: read(k.isVerified),
  };
}

/** Trading pages count a visitor as signed in only with both a token and a user id. */
export function isSignedInForTrading(): boolean {
  return Boolean(read(k.authToken) && read(k.userId));
}

export function isVerified(): boolean {
  return read(k.isVerified) === 'true';
}

const SESSION_KEYS = [
  k.authToken, k.userId, k.fullName, k.user, k.uid, k.isAuthenticated, k.isVerified,
  k.email, k.phone, k.profileImage, k.walletData,
];

/** Drops the stored identity from both storages (a session the server ended). */
export function forgetSession(): void {
  for (const key of SESSION_KEYS) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
}

/** Log out: drop the stored identity from both storages, then reload fully to /. */
export function logout(): void {
  forgetSession();
  window.location.assign('/');
}
