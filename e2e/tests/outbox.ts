import { expect, type APIRequestContext } from '@playwright/test';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** Waits for a new mail to `to` (newer than `after`) in the local outbox and returns its 6-digit code. */
export async function latestCode(request: APIRequestContext, to: string, after = ''): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as Mail[];
        const newest = mails[0];
        if (!newest || newest.created_at <= after) return '';
        code = /\b(\d{6})\b/.exec(newest.text)?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export async function newestMailTime(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const mails = (await response.json()) as Mail[];
  return mails[0]?.created_at ?? '';
}

/** The newest mail to `to`, or null when there is none. */
export async function newestMail(request: APIRequestContext, to: string): Promise<Mail | null> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const mails = (await response.json()) as Mail[];
  return mails[0] ?? null;
}
