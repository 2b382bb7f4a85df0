import { CAMPAIGNS_MAX, campaignMessages, type AdminCampaign, type Campaign, type CampaignDraft } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderMarkdown } from '../../shared/content-files.js';

interface Row {
  id: number;
  slug: string;
  title: string;
  summary: string;
  reward: string;
  starts: string;
  ends: string | null;
  path: string;
  body: string;
  html: string;
  published_at: Date | string | null;
  updated_at: Date | string;
  updated_by: string;
}

// Days as text: a driver turns a date column into a local midnight, which is not the day written.
const COLUMNS = 'id, slug, title, summary, reward, starts::text AS starts, ends::text AS ends, path, body, html, published_at, updated_at, updated_by';

const toAdmin = (r: Row): AdminCampaign => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  reward: r.reward,
  starts: r.starts,
  ends: r.ends,
  path: r.path,
  body: r.body,
  published_at: r.published_at ? new Date(r.published_at).toISOString() : null,
  updated_at: new Date(r.updated_at).toISOString(),
  updated_by: r.updated_by,
});

/** Every campaign of the console, drafts too, latest change first. */
export async function listCampaigns(q: Queryable): Promise<AdminCampaign[]> {
  const res = await q.query<Row>(`SELECT ${COLUMNS} FROM reward_campaigns ORDER BY updated_at DESC, id DESC LIMIT $1`, [CAMPAIGNS_MAX]);
  return res.rows.map(toAdmin);
}

/** The published ones as the public campaigns (CAMPAIGNS_MAX bounds them); Campaigns.active picks today's. */
export async function publishedCampaigns(q: Queryable): Promise<Campaign[]> {
  const res = await q.query<Row>(`SELECT ${COLUMNS} FROM reward_campaigns WHERE published_at IS NOT NULL`, [], 'rewards_published_campaigns');
  return res.rows.map((r) => ({ slug: r.slug, title: r.title, summary: r.summary, reward: r.reward, starts: r.starts, ends: r.ends, path: r.path, html: r.html }));
}

/** The campaign locked for a change; 404 when there is none. */
export async function lockCampaign(q: Queryable, id: number): Promise<AdminCampaign> {
  const res = await q.query<Row>(`SELECT ${COLUMNS} FROM reward_campaigns WHERE id = $1 FOR UPDATE`, [id]);
  const row = res.rows[0];
  if (!row) throw new AppError(404, campaignMessages.notFound, 'CAMPAIGN_NOT_FOUND');
  return toAdmin(row);
}

async function refuseTakenSlug(q: Queryable, slug: string, exceptId: number | null): Promise<void> {
  const res = await q.query('SELECT 1 FROM reward_campaigns WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, exceptId]);
  if (res.rows.length > 0) throw new AppError(409, campaignMessages.slugTaken, 'SLUG_TAKEN');
}

const values = (d: CampaignDraft) => [d.slug, d.title, d.summary, d.reward, d.starts, d.ends, d.path, d.body, renderMarkdown(d.body)];

/** A new draft; refused past CAMPAIGNS_MAX (counted under a table lock, so two at the limit cannot both pass). */
export async function createCampaign(q: Queryable, draft: CampaignDraft, by: string, at: Date): Promise<AdminCampaign> {
  await q.query('LOCK TABLE reward_campaigns IN SHARE ROW EXCLUSIVE MODE');
  const count = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM reward_campaigns');
  if ((count.rows[0]?.n ?? 0) >= CAMPAIGNS_MAX) throw new AppError(409, campaignMessages.tooMany, 'TOO_MANY_CAMPAIGNS');
  await refuseTakenSlug(q, draft.slug, null);
  const res = await q.query<Row>(
    `INSERT INTO reward_campaigns (slug, title, summary, reward, starts, ends, path, body, html, created_at, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) RETURNING ${COLUMNS}`,
    [...values(draft), at, by],
  );
  return toAdmin(res.rows[0] as Row);
}

/** Rewrites a locked campaign; a published one changes on the campaign page at once. */
export async function updateCampaign(q: Queryable, id: number, draft: CampaignDraft, by: string, at: Date): Promise<AdminCampaign> {
  // As a creation: two renames to one slug at once must meet the check, not the unique index.
  await q.query('LOCK TABLE reward_campaigns IN SHARE ROW EXCLUSIVE MODE');
  await refuseTakenSlug(q, draft.slug, id);
  const res = await q.query<Row>(
    `UPDATE reward_campaigns SET slug = $1, title = $2, summary = $3, reward = $4, starts = $5, ends = $6, path = $7, body = $8, html = $9, updated_at = $10, updated_by = $11
     WHERE id = $12 RETURNING ${COLUMNS}`,
    [...values(draft), at, by, id],
  );
  return toAdmin(res.rows[0] as Row);
}

/** Publishes (at `at`) or unpublishes (null) a locked campaign. */
export async function setCampaignPublished(q: Queryable, id: number, at: Date | null, by: string, now: Date): Promise<AdminCampaign> {
  const res = await q.query<Row>(`UPDATE reward_campaigns SET published_at = $2, updated_at = $3, updated_by = $4 WHERE id = $1 RETURNING ${COLUMNS}`, [id, at, now, by]);
  return toAdmin(res.rows[0] as Row);
}
