import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  reservesAddressesResponse,
  reservesHistoryQuery,
  reservesHistoryResponse,
  reservesLatestResponse,
  reservesMessages,
  reservesMyProofQuery,
  reservesMyProofResponse,
  reservesPublicQuery,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import { selfByUid } from '../../plugins/auth.js';
import { chainReserves, reserveNetworks } from './chain-reserves.js';
import { ProofCache, type ReservesDeps } from './service.js';
import { ReserveSigner } from './signer.js';
import { latestSnapshot, recentSnapshots, snapshotAnswer as answer } from './store.js';

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['proof-of-reserves'];
const HISTORY_DEFAULT = 30;
/** The public addresses call reads the EVM nodes at most this often; between, it answers their last balances. */
const BALANCES_TTL_MS = 30_000;

export interface ReservesRouteDeps extends ReservesDeps {
  /** The BIP-39 seed the reserve addresses' keys derive from (the deposit seed): it signs their messages. */
  signingSeed: Uint8Array;
}

/** Proof of reserves (issue 44, docs/reserves.md), mounted under /api/v1: public figures, and a user's own proof. */
export const reservesRoutes: FastifyPluginAsyncZod<ReservesRouteDeps> = async (app, deps) => {
  const proofs = new ProofCache(deps.db, deps.trees);
  const signer = new ReserveSigner(deps.signingSeed);
  let balances: { at: number; read: ReturnType<typeof chainReserves> } | null = null;
  // Anyone may call it, and with the EVM adapter each call would be a node call per address and coin.
  const cachedBalances = () => {
    const nowMs = deps.now().getTime();
    if (!balances || nowMs - balances.at >= BALANCES_TTL_MS || nowMs < balances.at) {
      const read = chainReserves(deps.db, deps, nowMs);
      balances = { at: nowMs, read };
      read.catch(() => {
        if (balances?.read === read) balances = null;
      });
    }
    return balances.read;
  };

  app.get('/proof-of-reserves', {
    schema: { tags, security: [{ apiKey: [] }], summary: 'The latest snapshot: time, root hash, totals, reserves and ratio per asset', querystring: reservesPublicQuery, response: { 200: reservesLatestResponse, ...errors } },
    handler: async () => {
      const latest = await latestSnapshot(deps.db);
      return { snapshot: latest ? answer(latest) : null };
    },
  });

  app.get('/proof-of-reserves/history', {
    schema: { tags, security: [{ apiKey: [] }], summary: 'The latest snapshots, newest first (30 unless limit says otherwise)', querystring: reservesHistoryQuery, response: { 200: reservesHistoryResponse, ...errors } },
    handler: async (req) => ({ items: (await recentSnapshots(deps.db, req.query.limit ?? HISTORY_DEFAULT)).map(answer) }),
  });

  app.get('/proof-of-reserves/addresses', {
    schema: {
      tags,
      security: [{ apiKey: [] }],
      summary: 'The exchange’s reserve addresses per network, each with its signature of a message naming it, and their balances',
      querystring: reservesPublicQuery,
      response: { 200: reservesAddressesResponse, ...errors },
    },
    handler: async () => {
      const now = deps.now();
      // The messages name the latest snapshot, so a signature shows control when that snapshot was published, not once long ago.
      const label = (await latestSnapshot(deps.db))?.id ?? now.toISOString().slice(0, 10);
      return { label, networks: await reserveNetworks(deps.db, deps, cachedBalances, signer, label) };
    },
  });

  app.get('/proof-of-reserves/my-proof', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security: [{ bearerAuth: [], apiKey: [] }],
      summary: 'The signed-in user’s proof file of the latest snapshot (never another user’s)',
      querystring: reservesMyProofQuery,
      response: { 200: reservesMyProofResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const latest = await latestSnapshot(deps.db);
      if (!latest) throw new AppError(404, reservesMessages.noSnapshot, 'NO_RESERVES_SNAPSHOT');
      const proof = await proofs.proofFor(latest, userId);
      if (!proof) throw new AppError(404, reservesMessages.notInSnapshot, 'NOT_IN_RESERVES_SNAPSHOT');
      return proof;
    },
  });
};
