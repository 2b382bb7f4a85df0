import { createHash } from 'node:crypto';
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
import { recordAudit } from '../../audit/audit-log.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderMarkdown } from '../../shared/content-files.js';
import { createAnnouncement, listAnnouncements, lockAnnouncement, setPublished, updateAnnouncement } from '../help/index.js';
import { operatorOf, requireRight, type Operator } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

/** What the audit log keeps of an announcement: everything but the body, which it names by its digest. */
const audited = (a: AdminAnnouncement | null) => {
  if (!a) return null;
  const { body, updated_at: _at, updated_by: _by, ...rest } = a;
  return { ...rest, body_sha256: createHash('sha256').update(body).digest('hex'), body_length: body.length };
};

/** The help centre's announcements written in the console (issue 43), mounted at /api/admin: the `content.manage` right. */
export const contentRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (app, { db, twoFactor, now }) => {
  // Before the schema's checks, as every refusal of the console comes first: a caller without the right learns nothing of the body's rules.
  const guard = requireRight(app, db, twoFactor, 'content.manage');

  /** Runs a change and its audit row in one transaction. */
  async function change(
    op: Operator,
    address: string,
    action: string,
    message: string,
    run: (q: Queryable, at: Date) => Promise<{ before: AdminAnnouncement | null; after: AdminAnnouncement }>,
  ) {
    const at = now();
    const announcement = await db.tx(async (q) => {
      const { before, after } = await run(q, at);
      await recordAudit(q, {
        at,
        operator: op.email,
        role: op.actingRole,
        action,
        target: `announcement:${after.id} ${after.slug}`,
        before: audited(before),
        after: audited(after),
        address,
      });
      return after;
    });
    return { success: true as const, message, announcement };
  }

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
      change(operatorOf(req), req.ip, 'announcements.create', 'Announcement saved', async (q, at) => ({
        before: null,
        after: await createAnnouncement(q, req.body, operatorOf(req).email, at),
      })),
  });

  app.put('/announcements/:id', {
    preValidation: guard,
    schema: { tags, security, summary: 'Rewrites an announcement; a published one changes in the help centre at once (audited)', params: announcementParams, body: announcementDraft, response: { 200: adminAnnouncementResponse, ...errors } },
    handler: (req) =>
      change(operatorOf(req), req.ip, 'announcements.edit', 'Announcement saved', async (q, at) => {
        const before = await lockAnnouncement(q, req.params.id);
        return { before, after: await updateAnnouncement(q, req.params.id, req.body, operatorOf(req).email, at) };
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
        change(operatorOf(req), req.ip, publish ? 'announcements.publish' : 'announcements.unpublish', publish ? 'Announcement published' : 'Announcement unpublished', async (q, at) => {
          const before = await lockAnnouncement(q, req.params.id);
          if (publish === (before.published_at !== null)) {
            throw new AppError(409, publish ? contentMessages.alreadyPublished : contentMessages.notPublished, 'ANNOUNCEMENT_STATE');
          }
          return { before, after: await setPublished(q, req.params.id, publish ? at : null, operatorOf(req).email, at) };
        }),
    });
  }
};
