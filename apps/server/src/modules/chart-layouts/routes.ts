import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHART_LAYOUT_MAX_BYTES,
  chartLayout,
  chartLayoutDeleteResponse,
  chartLayoutMessages,
  chartLayoutParams,
  chartLayoutPutRequest,
  chartLayoutQuery,
  chartLayoutReadResponse,
  chartLayoutResponse,
  chartLayoutsResponse,
  errorResponse,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { selfByUid } from '../../plugins/auth.js';
import { deleteLayout, listLayouts, readLayout, saveLayout, type StoredLayout } from './store.js';

export interface ChartLayoutRoutesOptions {
  db: Database;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['chart-layouts'];
const security = [{ bearerAuth: [], apiKey: [] }];
/** The layout's own limit plus room for the apikey and uid: a larger body is refused before it is parsed. */
const BODY_LIMIT = CHART_LAYOUT_MAX_BYTES + 1024;

const notFound = () => new AppError(404, chartLayoutMessages.notFound, 'CHART_LAYOUT_NOT_FOUND');

/** A stored layout the schema no longer reads (an older shape) is answered as absent, so the chart starts afresh. */
function answer(row: StoredLayout | undefined) {
  const layout = row && chartLayout.safeParse(row.layout);
  if (!row || !layout?.success) return null;
  return { name: row.name, layout: layout.data, updated_at: row.updated_at };
}

/** The user's own chart layouts (spec 2 §7 "chart storage"), mounted under /api/v1: each call reads and writes only the signed-in user's. */
export const chartLayoutRoutes: FastifyPluginAsyncZod<ChartLayoutRoutesOptions> = async (app, { db, now }) => {
  app.get('/chart-layouts', {
    preHandler: app.authenticate,
    schema: { tags, security, summary: 'Names of the user’s saved chart layouts', querystring: chartLayoutQuery, response: { 200: chartLayoutsResponse, ...errors } },
    handler: async (req) => ({ items: await listLayouts(db, selfByUid(req, req.query.uid)) }),
  });

  app.get('/chart-layouts/:name', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'One of the user’s saved chart layouts; null when none is saved under the name',
      params: chartLayoutParams,
      querystring: chartLayoutQuery,
      response: { 200: chartLayoutReadResponse, ...errors },
    },
    handler: async (req) => answer(await readLayout(db, selfByUid(req, req.query.uid), req.params.name)),
  });

  app.put('/chart-layouts/:name', {
    config: { apiKeyIn: 'body' },
    bodyLimit: BODY_LIMIT,
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      summary: `Saves one of the user’s chart layouts (at most ${CHART_LAYOUT_MAX_BYTES} bytes; a new name past the count limit is refused with 409)`,
      params: chartLayoutParams,
      body: chartLayoutPutRequest,
      response: { 200: chartLayoutResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      const row = await saveLayout(db, userId, req.params.name, req.body.layout, now());
      if (!row) throw new AppError(409, chartLayoutMessages.tooMany, 'CHART_LAYOUTS_TOO_MANY');
      // The row holds the body's layout, which the schema has just read.
      return { name: row.name, layout: req.body.layout, updated_at: row.updated_at };
    },
  });

  app.delete('/chart-layouts/:name', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Deletes one of the user’s saved chart layouts',
      params: chartLayoutParams,
      querystring: chartLayoutQuery,
      response: { 200: chartLayoutDeleteResponse, ...errors },
    },
    handler: async (req) => {
      if (!(await deleteLayout(db, selfByUid(req, req.query.uid), req.params.name))) throw notFound();
      return { deleted: true };
    },
  });
};
