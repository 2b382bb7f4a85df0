import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  notificationMessages,
  userNotificationParams,
  userNotificationsQuery,
  userNotificationsReadRequest,
  userNotificationsReadResponse,
  userNotificationsResponse,
  userNotificationsUnreadQuery,
  userNotificationsUnreadResponse,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { selfByUid } from '../../plugins/auth.js';
import { markAllRead, markRead, pageOf, unreadOf } from './store.js';

export interface NotificationRoutesOptions {
  db: Database;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['notifications'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** The user's own notifications (issue 40 #4), mounted under /api/v1: each call reads and marks only the signed-in user's. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, { db, now }) => {
  app.get('/user-notifications', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'The user’s notifications, newest first, a page at a time (at most 50; the newest 100 are kept)',
      querystring: userNotificationsQuery,
      response: { 200: userNotificationsResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const page = await pageOf(db, userId, req.query.limit, req.query.before);
      return { items: page.items, unread: await unreadOf(db, userId), next_before: page.nextBefore };
    },
  });

  app.get('/user-notifications/unread', {
    preHandler: app.authenticate,
    schema: { tags, security, summary: 'How many of the user’s notifications are unread', querystring: userNotificationsUnreadQuery, response: { 200: userNotificationsUnreadResponse, ...errors } },
    handler: async (req) => ({ unread: await unreadOf(db, selfByUid(req, req.query.uid)) }),
  });

  app.post('/user-notifications/:id/read', {
    config: { apiKeyIn: 'body' },
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Marks one of the user’s notifications read; answers the unread count',
      params: userNotificationParams,
      body: userNotificationsReadRequest,
      response: { 200: userNotificationsReadResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      if (!(await markRead(db, userId, req.params.id, now()))) throw new AppError(404, notificationMessages.notFound, 'NOTIFICATION_NOT_FOUND');
      return { unread: await unreadOf(db, userId) };
    },
  });

  app.post('/user-notifications/read-all', {
    config: { apiKeyIn: 'body' },
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Marks every notification of the user read',
      body: userNotificationsReadRequest,
      response: { 200: userNotificationsReadResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      await markAllRead(db, userId, now());
      return { unread: 0 };
    },
  });
};
