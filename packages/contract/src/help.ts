import { z } from 'zod';
import { oneOf, queryText, wholeNumber } from './fields.js';

/** Help centre (spec 3 §2, §3 and §9; spec 1's header notifications). */

/** Spec 3 §9: the announcements list shows 15 items per page. */
export const HELP_PAGE_SIZE = 15;
/** Spec 1 §2: the header's notifications panel lists the five latest announcements. */
export const NOTIFICATIONS_COUNT = 5;

/**
 * The categories of the sidebar, in its order. "announcements" is every item; the others are the
 * category each content file names in its front matter.
 */
export const HELP_ITEM_CATEGORIES = ['new-listings', 'futures', 'product-updates', 'maintenance', 'guides'] as const;
export const HELP_CATEGORIES = ['announcements', ...HELP_ITEM_CATEGORIES] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];
export type HelpItemCategory = (typeof HELP_ITEM_CATEGORIES)[number];

/**
 * The languages a help item can be written in: the web's six. Items are written in English; the
 * list and the article say so to a reader of another language (issue 40), until translations come.
 */
export const HELP_LANGUAGES = ['en', 'zh-CN', 'es', 'vi', 'tr', 'ru'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

export const helpMessages = {
  articleNotFound: 'Article not found',
  loadAnnouncementsFailed: 'Failed to load announcements. Please try again later.',
  loadArticleFailed: 'Failed to load the article. Please try again later.',
  noAnnouncements: 'No announcements in this category yet.',
} as const;

/** A slug: lower-case words joined by hyphens, as the content files are named. */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "YYYY-MM-DD HH:mm" in UTC, as the header and the list show it (spec 3 §3: time). */
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

/** Spec 3 §3, "Announcement article": id, title, time, path, publishDate, readTime; plus what the list shows. */
export const announcementItem = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(HELP_SLUG_PATTERN),
  title: z.string(),
  summary: z.string(),
  category: z.enum(HELP_ITEM_CATEGORIES),
  /** Publication time, UTC. */
  time: wallTime,
  /** The help page of the item: /help/{slug}. */
  path: z.string(),
  /** Publication day, "YYYY-MM-DD". */
  publishDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Minutes to read. */
  readTime: z.number().int().positive(),
  /** The language the title, summary and body are written in. */
  language: z.enum(HELP_LANGUAGES),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

export const helpAnnouncementsQuery = z.object({
  apikey: queryText('apikey').optional(),
  category: oneOf('category', HELP_CATEGORIES).default('announcements'),
  page: wholeNumber('page', { min: 1, max: 100_000 }, { invalid: 'page must be a whole number of 1 or more' }).default(1),
});
export type HelpAnnouncementsQuery = z.infer<typeof helpAnnouncementsQuery>;

/** One page of a category, newest first; a page past the last answers no items with the totals. */
export const helpAnnouncementsResponse = z.object({
  category: z.enum(HELP_CATEGORIES),
  items: z.array(announcementItem),
  page: z.number().int().positive(),
  per_page: z.literal(HELP_PAGE_SIZE),
  total: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
});
export type HelpAnnouncementsResponse = z.infer<typeof helpAnnouncementsResponse>;

export const helpArticleParams = z.object({
  slug: queryText('The article slug').min(1, 'The article slug is required').max(120, 'The article slug must be at most 120 characters'),
});

/** An article: the item's fields and its body as HTML rendered from the content file's Markdown. */
export const helpArticleResponse = announcementItem.extend({
  /** Rendered from Markdown with raw HTML escaped; the web still sanitises it before showing it. */
  html: z.string(),
});
export type HelpArticleResponse = z.infer<typeof helpArticleResponse>;

/** Spec 1 §2 and 3 §3, "Notification item": id, title, time, path. */
export const notificationItem = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  time: wallTime,
  path: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationsResponse = z.array(notificationItem);
