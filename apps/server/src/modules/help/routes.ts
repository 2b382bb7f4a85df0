import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorCodes,
  errorResponse,
  helpAnnouncementsQuery,
  helpAnnouncementsResponse,
  helpArticleParams,
  helpArticleResponse,
  helpMessages,
  notificationsResponse,
} from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { publishedAnnouncements } from './announcements.js';
import type { HelpContent } from './content.js';

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['help'];
const security = [{ apiKey: [] }];

/** The help centre and the header's notifications (spec 3 §2, spec 1 §2), mounted under /api/v1. */
export const helpRoutes: FastifyPluginAsyncZod<{ content: HelpContent; db: Queryable }> = async (app, { content, db }) => {
  // Read on each call, so a publication counts at once in every process.
  const current = async () => content.with(await publishedAnnouncements(db));

  app.get('/help/announcements', {
    schema: {
      tags,
      security,
      summary: 'One page (15 items) of a help centre category, newest first, with the totals',
      querystring: helpAnnouncementsQuery,
      response: { 200: helpAnnouncementsResponse, ...errors },
    },
    handler: async (req) => (await current()).page(req.query.category, req.query.page),
  });

  app.get('/help/articles/:slug', {
    schema: {
      tags,
      security,
      summary: 'One help article or announcement, its body as HTML; 404 "Article not found"',
      params: helpArticleParams,
      response: { 200: helpArticleResponse, ...errors },
    },
    handler: async (req) => {
      const article = (await current()).article(req.params.slug);
      if (!article) throw new AppError(404, helpMessages.articleNotFound, apiErrorCodes.notFound);
      return article;
    },
  });

  app.get('/notifications', {
    schema: {
      tags,
      security,
      summary: 'The latest announcements for the header: id, title, time, path',
      response: { 200: notificationsResponse, ...errors },
    },
    handler: async () => (await current()).notifications(),
  });
};
