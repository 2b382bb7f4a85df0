import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAnnouncementResponse,
  adminAnnouncementsResponse,
  announcementDraft,
  announcementParams,
  announcementPreviewRequest,
  announcementPreviewResponse,
  contentMessages,
  type AdminAnnouncement,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import { renderMarkdown } from '../../shared/content-files.js';
import { createAnnouncement, listAnnouncements, lockAnnouncement, setPublished, updateAnnouncement } from '../help/index.js';
import { contentChange } from './content-change.js';
import { requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

/** The help centre's announcements written in the console (issue 43), mounted at /api/admin: the `content.manage` right. */
export const contentRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (app, { db, twoFactor, now }) => {
  // Before the schema's checks, as every refusal of the console comes first: a caller without the right learns nothing of the body's rules.
  const guard = requireRight(app, db, twoFactor, 'content.manage');

  const run = contentChange<AdminAnnouncement>(db, now, 'announcement');
  const change = async (...args: Parameters<typeof run>) => {
    const { item, ...answer } = await run(...args);
    return { ...answer, announcement: item };
  };

  app.get('/announcements', {
    preValidation: guard,
    schema: { tags, security, summary: 'The announcements written in the console, drafts and published, latest change first', response: { 200: adminAnnouncementsResponse, ...errors } },
    handler: async () => ({ items: await listAnnouncements(db) }),
  });

  app.post('/announcements/preview', {
    preValidation: guard,
    schema: { tags, security, summary: 'A Markdown body rendered as the help centre will show it (raw HTML as text); nothing is stored', body: announcementPreviewRequest, response: { 200: announcementPreviewResponse, ...errors } },
    handler: async (req) => ({ html: renderMarkdown(req.body.body) }),
  });

  app.post('/announcements', {
    preValidation: guard,
    schema: { tags, security, summary: 'A new announcement, unpublished until published (audited)', body: announcementDraft, response: { 200: adminAnnouncementResponse, ...errors } },
    handler: (req) =>
      change(req, 'announcements.create', 'Announcement saved', async (q, at, by) => ({
        before: null,
        after: await createAnnouncement(q, req.body, by, at),
      })),
  });

  app.put('/announcements/:id', {
    preValidation: guard,
    schema: { tags, security, summary: 'Rewrites an announcement; a published one changes in the help centre at once (audited)', params: announcementParams, body: announcementDraft, response: { 200: adminAnnouncementResponse, ...errors } },
    handler: (req) =>
      change(req, 'announcements.edit', 'Announcement saved', async (q, at, by) => {
        const before = await lockAnnouncement(q, req.params.id);
        return { before, after: await updateAnnouncement(q, req.params.id, req.body, by, at) };
      }),
  });

  for (const publish of [true, false]) {
    app.post(`/announcements/:id/${publish ? 'publish' : 'unpublish'}`, {
      preValidation: guard,
      schema: {
        tags,
        security,
        summary: publish ? 'Publishes the announcement in the help centre and the header’s notifications, dated now (audited)' : 'Takes the announcement out of the help centre; it stays as a draft (audited)',
        params: announcementParams,
        response: { 200: adminAnnouncementResponse, ...errors },
      },
      handler: (req) =>
        change(req, publish ? 'announcements.publish' : 'announcements.unpublish', publish ? 'Announcement published' : 'Announcement unpublished', async (q, at, by) => {
          const before = await lockAnnouncement(q, req.params.id);
          if (publish === (before.published_at !== null)) {
            throw new AppError(409, publish ? contentMessages.alreadyPublished : contentMessages.notPublished, 'ANNOUNCEMENT_STATE');
          }
          return { before, after: await setPublished(q, req.params.id, publish ? at : null, by, at) };
        }),
    });
  }
};
