import path from 'node:path';
import { z } from 'zod';
import {
  ANNOUNCEMENT_FIRST_ID,
  HELP_ITEM_CATEGORIES,
  HELP_LANGUAGES,
  HELP_PAGE_SIZE,
  HELP_SLUG_PATTERN,
  NOTIFICATIONS_COUNT,
  type AnnouncementItem,
  type HelpAnnouncementsResponse,
  type HelpArticleResponse,
  type HelpCategory,
  type NotificationItem,
} from '@exchange/contract';
import { repoRoot } from '../../paths.js';
import { readContentFiles } from '../../shared/content-files.js';

/** Where the help centre's Markdown files live: one file per announcement or article. */
export const HELP_CONTENT_DIR = path.join(repoRoot, 'apps/server/content/help');

/** Reading speed behind readTime when a file does not set it. */
const WORDS_PER_MINUTE = 200;

const frontMatter = z.strictObject({
  id: z.number().int().positive().max(ANNOUNCEMENT_FIRST_ID - 1),
  slug: z.string().regex(HELP_SLUG_PATTERN),
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(400),
  category: z.enum(HELP_ITEM_CATEGORIES),
  /** "YYYY-MM-DD HH:mm", UTC. */
  publishDate: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'publishDate must be "YYYY-MM-DD HH:mm" (UTC)'),
  readTime: z.number().int().positive().optional(),
  /** The language the file is written in; English unless it says otherwise. */
  language: z.enum(HELP_LANGUAGES).default('en'),
});

/** Minutes to read a Markdown body. */
export function readTimeOf(body: string): number {
  return Math.max(1, Math.ceil(body.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE));
}

/** "YYYY-MM-DD HH:mm" in UTC, as the files' publishDate. */
export function wallTime(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/** The help centre's items, newest first, and the lookups its routes need. */
export class HelpContent {
  private readonly items: readonly AnnouncementItem[];
  private readonly bySlug: ReadonlyMap<string, HelpArticleResponse>;

  constructor(private readonly articles: readonly HelpArticleResponse[]) {
    const ids = new Set(articles.map((a) => a.id));
    const slugs = new Set(articles.map((a) => a.slug));
    if (ids.size !== articles.length) throw new Error('two help content files share an id');
    if (slugs.size !== articles.length) throw new Error('two help content files share a slug');
    const sorted = [...articles].sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id);
    this.items = sorted.map(({ html: _html, ...item }) => item);
    this.bySlug = new Map(sorted.map((a) => [a.slug, a]));
  }

  /** Reads every file of `dir` (see HELP_CONTENT_DIR); throws on the first malformed one. */
  static load(dir: string = HELP_CONTENT_DIR): HelpContent {
    return new HelpContent(
      readContentFiles(dir, frontMatter).map(({ name, meta, html, words }) => {
        if (name !== meta.slug) throw new Error(`${path.join(dir, name)}.md: the slug must be the file name`);
        const { publishDate, readTime, ...rest } = meta;
        return {
          ...rest,
          time: publishDate,
          publishDate: publishDate.slice(0, 10),
          readTime: readTime ?? Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)),
          path: `/help/${meta.slug}`,
          html,
        };
      }),
    );
  }

  /**
   * These items with the console's published announcements (help/announcements.ts): one with a
   * file's slug takes the file's place, so an operator can correct a file's announcement.
   */
  with(published: readonly HelpArticleResponse[]): HelpContent {
    if (published.length === 0) return this;
    const replaced = new Set(published.map((a) => a.slug));
    return new HelpContent([...this.articles.filter((a) => !replaced.has(a.slug)), ...published]);
  }

  /** One page of a category; a page past the last has no items but the same totals. */
  page(category: HelpCategory, page: number): HelpAnnouncementsResponse {
    const all = category === 'announcements' ? this.items : this.items.filter((i) => i.category === category);
    const start = (page - 1) * HELP_PAGE_SIZE;
    return {
      category,
      items: all.slice(start, start + HELP_PAGE_SIZE),
      page,
      per_page: HELP_PAGE_SIZE,
      total: all.length,
      pages: Math.ceil(all.length / HELP_PAGE_SIZE),
    };
  }

  article(slug: string): HelpArticleResponse | undefined {
    return this.bySlug.get(slug);
  }

  /** The header's notifications: the latest announcements (guides are not news). */
  notifications(): NotificationItem[] {
    return this.items
      .filter((i) => i.category !== 'guides')
      .slice(0, NOTIFICATIONS_COUNT)
      .map(({ id, title, time, path }) => ({ id, title, time, path }));
  }
}
