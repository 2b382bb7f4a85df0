import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCampaignResponse, adminCampaignsResponse, campaignDraft, campaignMessages, campaignParams, type AdminCampaign } from '@exchange/contract';
import { AppError } from '../../errors.js';
import { createCampaign, listCampaigns, lockCampaign, setCampaignPublished, updateCampaign } from '../rewards/index.js';
import { contentChange } from './content-change.js';
import { requireRight } from './guard.js';
import { consoleErrors as errors, consoleSecurity as security, consoleTags as tags, type ConsoleRoutesOptions } from './routes.js';

/**
 * The campaign banners written in the console (issue 43), mounted at /api/admin: the `content.manage`
 * right, as announcements. A body is previewed with POST /announcements/preview (the same rendering).
 */
export const campaignRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (app, { db, twoFactor, now }) => {
  // Before the schema's checks, as every refusal of the console comes first.
  const guard = requireRight(app, db, twoFactor, 'content.manage');

  const run = contentChange<AdminCampaign>(db, now, 'campaign');
  const change = async (...args: Parameters<typeof run>) => {
    const { item, ...answer } = await run(...args);
    return { ...answer, campaign: item };
  };

  app.get('/campaigns', {
    preValidation: guard,
    schema: { tags, security, summary: 'The campaigns written in the console, drafts and published, latest change first', response: { 200: adminCampaignsResponse, ...errors } },
    handler: async () => ({ items: await listCampaigns(db) }),
  });

  app.post('/campaigns', {
    preValidation: guard,
    schema: { tags, security, summary: 'A new campaign, unpublished until published (audited)', body: campaignDraft, response: { 200: adminCampaignResponse, ...errors } },
    handler: (req) =>
      change(req, 'campaigns.create', 'Campaign saved', async (q, at, by) => ({
        before: null,
        after: await createCampaign(q, req.body, by, at),
      })),
  });

  app.put('/campaigns/:id', {
    preValidation: guard,
    schema: { tags, security, summary: 'Rewrites a campaign; a published one changes on the campaign page at once (audited)', params: campaignParams, body: campaignDraft, response: { 200: adminCampaignResponse, ...errors } },
    handler: (req) =>
      change(req, 'campaigns.edit', 'Campaign saved', async (q, at, by) => {
        const before = await lockCampaign(q, req.params.id);
        return { before, after: await updateCampaign(q, req.params.id, req.body, by, at) };
      }),
  });

  for (const publish of [true, false]) {
    app.post(`/campaigns/:id/${publish ? 'publish' : 'unpublish'}`, {
      preValidation: guard,
      schema: {
        tags,
        security,
        summary: publish
          ? 'Publishes the campaign: GET /api/v1/campaigns serves it between its start and end days, in place of a file of its slug (audited)'
          : 'Takes the campaign off the campaign page; it stays as a draft (audited)',
        params: campaignParams,
        response: { 200: adminCampaignResponse, ...errors },
      },
      handler: (req) =>
        change(req, publish ? 'campaigns.publish' : 'campaigns.unpublish', publish ? 'Campaign published' : 'Campaign unpublished', async (q, at, by) => {
          const before = await lockCampaign(q, req.params.id);
          if (publish === (before.published_at !== null)) {
            throw new AppError(409, publish ? campaignMessages.alreadyPublished : campaignMessages.notPublished, 'CAMPAIGN_STATE');
          }
          return { before, after: await setCampaignPublished(q, req.params.id, publish ? at : null, by, at) };
        }),
    });
  }
};
