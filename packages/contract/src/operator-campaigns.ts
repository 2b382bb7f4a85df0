import { z } from 'zod';
import { jsonBody, wholeNumber } from './fields.js';
import { campaign } from './rewards.js';
import { ANNOUNCEMENT_SLUG_MAX, ANNOUNCEMENT_SUMMARY_MAX, ANNOUNCEMENT_TITLE_MAX, bodyField, bounded } from './operator-content.js';

/**
 * Campaign banners written in the operator console (issue 43): stored in the database and served by
 * GET /api/v1/campaigns beside the repository's campaign files (a published one with a file's slug
 * takes its place), while today is between its start and end days. The body is Markdown, rendered as
 * the announcements' are (raw HTML shown as text); the console previews it with the announcements' route.
 */

export const CAMPAIGN_REWARD_MAX = 200;
export const CAMPAIGN_PATH_MAX = 200;
/** Drafts and published together: GET /api/v1/campaigns reads the published ones on each call. */
export const CAMPAIGNS_MAX = 200;

export const campaignMessages = {
  notFound: 'No campaign has this id',
  slugTaken: 'Another campaign written in the console has this slug',
  tooMany: `At most ${CAMPAIGNS_MAX} campaigns can be kept: reuse one`,
  alreadyPublished: 'This campaign is already published',
  notPublished: 'This campaign is not published',
  endsBeforeStart: 'The end day must not be before the start day',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const day = (label: string) => bounded(label, 10).refine(isDay, `${label} must be a day as YYYY-MM-DD`);
/** A path of this site, as the campaign files' `path`: no scheme, no host, no `//`. */
const SITE_PATH = /^\/(?!\/)[\w\-/?=&.]*$/;

export const campaignDraft = jsonBody({
  slug: bounded('The slug', ANNOUNCEMENT_SLUG_MAX).refine((v) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), 'The slug must be lower-case words joined by hyphens'),
  title: bounded('The title', ANNOUNCEMENT_TITLE_MAX),
  summary: bounded('The summary', ANNOUNCEMENT_SUMMARY_MAX),
  reward: bounded('The reward', CAMPAIGN_REWARD_MAX),
  starts: day('The start day'),
  /** Null or absent: no end day. */
  ends: day('The end day').nullable().default(null),
  path: bounded('The path', CAMPAIGN_PATH_MAX).refine((v) => SITE_PATH.test(v), 'The path must be a path of this site, such as /markets'),
  body: bodyField,
}).refine((d) => d.ends === null || d.ends >= d.starts, { message: campaignMessages.endsBeforeStart, path: ['ends'] });
export type CampaignDraft = z.infer<typeof campaignDraft>;

export const campaignParams = z.object({
  id: wholeNumber('id', { min: 1, max: 2_147_483_647 }, { invalid: campaignMessages.notFound }),
});

/** A campaign as the console edits it: what GET /api/v1/campaigns serves, with its Markdown instead of the HTML. */
export const adminCampaign = campaign.omit({ html: true }).extend({
  id: z.number().int(),
  body: z.string(),
  /** Null while a draft or unpublished. */
  published_at: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type AdminCampaign = z.infer<typeof adminCampaign>;

export const adminCampaignsResponse = z.object({ items: z.array(adminCampaign).max(CAMPAIGNS_MAX) });
export const adminCampaignResponse = z.object({ success: z.literal(true), message: z.string(), campaign: adminCampaign });
