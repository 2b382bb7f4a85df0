import path from 'node:path';
import { z } from 'zod';
import type { Campaign } from '@exchange/contract';
import { repoRoot } from '../../paths.js';
import { readContentFiles } from '../../shared/content-files.js';

export const CAMPAIGN_CONTENT_DIR = path.join(repoRoot, 'apps/server/content/campaigns');

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as "YYYY-MM-DD"');

const frontMatter = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(400),
  reward: z.string().min(1).max(200),
  starts: day,
  ends: day.nullable().default(null),
  /** A path of this site where taking part starts. */
  path: z.string().regex(/^\/[\w\-/?=&]*$/, 'a path of this site'),
  /** Shown only while that feature is on: `demo_grant` needs a sign-up grant above 0. */
  requires: z.enum(['demo_grant']).optional(),
});

export interface CampaignSettings {
  /** The sign-up grant in USDT; "0" turns it off, and with it the newcomer campaign. */
  demoGrantUsdt: string;
}

/** The campaigns of the content folder (and the console's, see `with`); `active(now)` lists those running that day. */
export class Campaigns {
  private constructor(private readonly all: readonly (Campaign & { requires?: 'demo_grant' })[]) {}

  /** Reads every file of `dir`; `{{demo_grant}}` in a file is the configured grant. */
  static load(settings: CampaignSettings, dir: string = CAMPAIGN_CONTENT_DIR): Campaigns {
    const grantOn = !/^\s*0*(\.0*)?\s*$/.test(settings.demoGrantUsdt);
    const files = readContentFiles(dir, frontMatter, { demo_grant: Number(settings.demoGrantUsdt).toLocaleString('en-US') });
    const list = files
      .filter(({ meta }) => meta.requires !== 'demo_grant' || grantOn)
      .map(({ name, meta, html }) => {
        if (name !== meta.slug) throw new Error(`${path.join(dir, name)}.md: the slug must be the file name`);
        return { ...meta, html };
      });
    return new Campaigns(list);
  }

  /**
   * These campaigns with the console's published ones (rewards/campaign-store.ts): one with a file's
   * slug takes the file's place, so an operator can correct or end a file's campaign.
   */
  with(published: readonly Campaign[]): Campaigns {
    if (published.length === 0) return this;
    const replaced = new Set(published.map((c) => c.slug));
    return new Campaigns([...this.all.filter((c) => !replaced.has(c.slug)), ...published]);
  }

  /** Running on `now`'s UTC day, the longest-running first. */
  active(now: Date): Campaign[] {
    const today = now.toISOString().slice(0, 10);
    return this.all
      .filter((c) => c.starts <= today && (c.ends === null || c.ends >= today))
      .sort((a, b) => a.starts.localeCompare(b.starts) || a.slug.localeCompare(b.slug))
      .map(({ requires: _requires, ...c }) => c);
  }
}
