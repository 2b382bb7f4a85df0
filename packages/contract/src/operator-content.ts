import { z } from 'zod';
import { jsonBody, oneOf, text, wholeNumber } from './fields.js';
import { HELP_ITEM_CATEGORIES, HELP_LANGUAGES, HELP_SLUG_PATTERN } from './help.js';

/**
 * Announcements written in the operator console (issue 43): stored in the database, published to
 * the help centre beside the repository's Markdown files (a published one with a file's slug takes
 * its place). The body is Markdown, rendered as the files are: raw HTML shown as text.
 */

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_SUMMARY_MAX = 400;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
export const ANNOUNCEMENT_SLUG_MAX = 120;
/** Drafts and published together: the help centre reads them all on each call. */
export const ANNOUNCEMENTS_MAX = 500;
/** Ids of database announcements start here, above every content file's. */
export const ANNOUNCEMENT_FIRST_ID = 1_000_000;

export const contentMessages = {
  notFound: 'No announcement has this id',
  slugTaken: 'Another announcement written in the console has this slug',
  tooMany: `At most ${ANNOUNCEMENTS_MAX} announcements can be kept: delete or reuse one`,
  alreadyPublished: 'This announcement is already published',
  notPublished: 'This announcement is not published',
} as const;

/** A trimmed one-line field of 1 to `max` characters; shared with the console's campaigns. */
export const bounded = (label: string, max: number) =>
  text(label, { trim: true })
    .refine((v) => v.length >= 1, `${label} is required`)
    .refine((v) => v.length <= max, `${label} must be at most ${max} characters`);

/** The body keeps its line breaks and indents (Markdown needs them), so it is not trimmed and may hold them. */
export const bodyField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The body is required' : 'The body must be text') })
  .refine((v) => v.trim().length >= 1, 'The body is required')
  .refine((v) => v.length <= ANNOUNCEMENT_BODY_MAX, `The body must be at most ${ANNOUNCEMENT_BODY_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- tabs and line breaks are Markdown's; other control characters are not
  .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(v), 'The body must not contain control characters');

export const announcementDraft = jsonBody({
  slug: bounded('The slug', ANNOUNCEMENT_SLUG_MAX).refine((v) => HELP_SLUG_PATTERN.test(v), 'The slug must be lower-case words joined by hyphens'),
  title: bounded('The title', ANNOUNCEMENT_TITLE_MAX),
  summary: bounded('The summary', ANNOUNCEMENT_SUMMARY_MAX),
  category: oneOf('category', HELP_ITEM_CATEGORIES),
  language: oneOf('language', HELP_LANGUAGES).default('en'),
  body: bodyField,
});
export type AnnouncementDraft = z.infer<typeof announcementDraft>;

export const announcementPreviewRequest = jsonBody({ body: bodyField });
export const announcementPreviewResponse = z.object({ html: z.string() });

export const announcementParams = z.object({
  id: wholeNumber('id', { min: 1, max: 2_147_483_647 }, { invalid: contentMessages.notFound }),
});

export const adminAnnouncement = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(HELP_ITEM_CATEGORIES),
  language: z.enum(HELP_LANGUAGES),
  body: z.string(),
  /** Null while a draft or unpublished. */
  published_at: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const adminAnnouncementsResponse = z.object({ items: z.array(adminAnnouncement).max(ANNOUNCEMENTS_MAX) });
export const adminAnnouncementResponse = z.object({ success: z.literal(true), message: z.string(), announcement: adminAnnouncement });
