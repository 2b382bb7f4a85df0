import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignsResponse, errorResponse, referralsResponse, rewardsQuery, rewardsResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { selfByUid } from '../../plugins/auth.js';
import { publishedCampaigns } from './campaign-store.js';
import type { Campaigns } from './campaigns.js';
import { referralsOf } from './referrals.js';
import { rewardsOf } from './rewards.js';

export interface RewardRoutesOptions {
  db: Database;
  campaigns: Campaigns;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['rewards'];

/** Referral, rewards and campaign pages (spec 1's rewards routes, issue 18), mounted under /api/v1. */
export const rewardRoutes: FastifyPluginAsyncZod<RewardRoutesOptions> = async (app, { db, campaigns, now }) => {
  app.get('/referrals', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security: [{ bearerAuth: [], apiKey: [] }],
      summary: 'The user’s referral code and link path, and the users who signed up with it (emails masked)',
      querystring: rewardsQuery,
      response: { 200: referralsResponse, ...errors },
    },
    handler: async (req) => referralsOf(db, selfByUid(req, req.query.uid)),
  });

  app.get('/rewards', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security: [{ bearerAuth: [], apiKey: [] }],
      summary: 'The rewards the user received, as booked in the ledger (the newcomer gift)',
      querystring: rewardsQuery,
      response: { 200: rewardsResponse, ...errors },
    },
    handler: async (req) => rewardsOf(db, selfByUid(req, req.query.uid)),
  });

  app.get('/campaigns', {
    schema: {
      tags,
      security: [{ apiKey: [] }],
      summary: 'The campaigns running today: the repository’s files and those published in the console',
      response: { 200: campaignsResponse, ...errors },
    },
    // Read on each call, so a publication counts at once in every process.
    handler: async () => campaigns.with(await publishedCampaigns(db)).active(now()),
  });
};
