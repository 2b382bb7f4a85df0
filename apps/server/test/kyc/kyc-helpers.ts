import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../src/app.js';
import { bearer } from '../helpers.js';

/** A small JPEG's first bytes: the server reads only the signature. */
export const TINY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/** Every file under the app's identity document storage, as paths relative to it. */
export function storedFiles(app: App): string[] {
  const root = app.kyc.storage.root;
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
  const res = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM kyc_submissions WHERE user_id = $1', [userId]);
  return res.rows[0]?.n ?? 0;
}
