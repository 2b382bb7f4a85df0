import {
  ANNOUNCEMENTS_MAX,
  contentMessages,
  type AdminAnnouncement,
  type AnnouncementDraft,
  type HelpArticleResponse,
  type HelpItemCategory,
  type HelpLanguage,
} from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderMarkdown } from '../../shared/content-files.js';
import { readTimeOf, wallTime } from './content.js';

interface Row {
  id: number;
  slug: string;
  title: string;
  summary: string;
  category: HelpItemCategory;
  language: HelpLanguage;
  body: string;
  html: string;
  published_at: Date | string | null;
  updated_at: Date | string;
  updated_by: string;
}

const toAdmin = (r: Row): AdminAnnouncement => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  category: r.category,
  language: r.language,
  body: r.body,
  published_at: r.published_at ? new Date(r.published_at).toISOString() : null,
  updated_at: new Date(r.updated_at).toISOString(),
  updated_by: r.updated_by,
});

/** Every announcement of the console, drafts too, latest change first. */
export async function listAnnouncements(q: Queryable): Promise<AdminAnnouncement[]> {
  const res = await q.query<Row>('SELECT * FROM help_announcements ORDER BY updated_at DESC, id DESC LIMIT $1', [ANNOUNCEMENTS_MAX]);
  return res.rows.map(toAdmin);
}

/** The published ones as help articles (ANNOUNCEMENTS_MAX bounds them). */
export async function publishedAnnouncements(q: Queryable): Promise<HelpArticleResponse[]> {
  const res = await q.query<Row>('SELECT * FROM help_announcements WHERE published_at IS NOT NULL', [], 'help_published_announcements');
  return res.rows.map((r) => {
    const time = wallTime(new Date(r.published_at as Date | string));
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      category: r.category,
      language: r.language,
      time,
      publishDate: time.slice(0, 10),
      readTime: readTimeOf(r.body),
      path: `/help/${r.slug}`,
      html: r.html,
    };
  });
}

/** The announcement locked for a change; 404 when there is none. */
export async function lockAnnouncement(q: Queryable, id: number): Promise<AdminAnnouncement> {
  const res = await q.query<Row>('SELECT * FROM help_announcements WHERE id = $1 FOR UPDATE', [id]);
  const row = res.rows[0];
  if (!row) throw new AppError(404, contentMessages.notFound, 'ANNOUNCEMENT_NOT_FOUND');
  return toAdmin(row);
}

const slugTaken = () => new AppError(409, contentMessages.slugTaken, 'SLUG_TAKEN');

async function slugUsed(q: Queryable, slug: string, exceptId: number | null): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM help_announcements WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, exceptId]);
  return res.rows.length > 0;
}

/** A new draft; refused past ANNOUNCEMENTS_MAX (counted under a table lock, so two at the limit cannot both pass). */
export async function createAnnouncement(q: Queryable, draft: AnnouncementDraft, by: string, at: Date): Promise<AdminAnnouncement> {
  await q.query('LOCK TABLE help_announcements IN SHARE ROW EXCLUSIVE MODE');
  const count = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM help_announcements');
  if ((count.rows[0]?.n ?? 0) >= ANNOUNCEMENTS_MAX) throw new AppError(409, contentMessages.tooMany, 'TOO_MANY_ANNOUNCEMENTS');
  if (await slugUsed(q, draft.slug, null)) throw slugTaken();
  const res = await q.query<Row>(
    `INSERT INTO help_announcements (slug, title, summary, category, language, body, html, created_at, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING *`,
    [draft.slug, draft.title, draft.summary, draft.category, draft.language, draft.body, renderMarkdown(draft.body), at, by],
  );
  return toAdmin(res.rows[0] as Row);
}

/** Rewrites a locked announcement; a published one changes in the help centre at once. */
export async function updateAnnouncement(q: Queryable, id: number, draft: AnnouncementDraft, by: string, at: Date): Promise<AdminAnnouncement> {
  // As a creation: two renames to one slug at once must meet the check, not the unique index.
  await q.query('LOCK TABLE help_announcements IN SHARE ROW EXCLUSIVE MODE');
  if (await slugUsed(q, draft.slug, id)) throw slugTaken();
  const res = await q.query<Row>(
    `UPDATE help_announcements SET slug = $2, title = $3, summary = $4, category = $5, language = $6, body = $7, html = $8, updated_at = $9, updated_by = $10
     WHERE id = $1 RETURNING *`,
    [id, draft.slug, draft.title, draft.summary, draft.category, draft.language, draft.body, renderMarkdown(draft.body), at, by],
  );
  return toAdmin(res.rows[0] as Row);
}

/** Publishes (at `at`) or unpublishes (null) a locked announcement. */
export async function setPublished(q: Queryable, id: number, at: Date | null, by: string, now: Date): Promise<AdminAnnouncement> {
  const res = await q.query<Row>('UPDATE help_announcements SET published_at = $2, updated_at = $3, updated_by = $4 WHERE id = $1 RETURNING *', [id, at, now, by]);
  return toAdmin(res.rows[0] as Row);
}
