import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../src/app.js';
import { bearer } from '../helpers.js';

/** A whole 2x2 JPEG: the server decodes every image it stores. */
export const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAB//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJQAhjh//9k=',
  'base64',
);

/** Every file under the app's identity document storage, as paths relative to it. */
export function storedFiles(app: App): string[] {
  const root = app.services.kyc.storage.root;
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

export async function identityOf(app: App, user: { userId: string; token: string }): Promise<string> {
  const res = await app.inject({ url: `/api/user_account/getUserInformation/?user_id=${user.userId}`, headers: bearer(user.token) });
  return (res.json() as { user_detail: { is_verified: string } }).user_detail.is_verified;
}

export async function verificationOf(app: App, user: { userId: string; token: string }) {
  const res = await app.inject({ url: `/api/user_account/verification/user=${user.userId}`, headers: bearer(user.token) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

export async function submissionCount(app: App, userId: string): Promise<number> {
  const res = await app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM kyc_submissions WHERE user_id = $1', [userId]);
  return res.rows[0]?.n ?? 0;
}
