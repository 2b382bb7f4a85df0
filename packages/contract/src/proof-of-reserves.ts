import { z } from 'zod';
import { queryText, wholeNumber } from './fields.js';
import { ProofFileSchema } from './reserves/proof-file.js';
import { RESERVE_SIGNATURE_SCHEMES } from './reserves/schemes.js';
import { uidField } from './wallet.js';

/** Proof of reserves (issue 44, docs/reserves.md): the published snapshots and a user's own proof. */
const decimalOut = z.string().regex(/^\d+(\.\d+)?$/);
const hash = z.string().regex(/^[0-9a-f]{64}$/);
/** How many snapshots the history answers at most (one a day: a month and more). */
export const RESERVES_HISTORY_MAX = 60;
const MAX_ASSETS = 200;

export const reservesPublicQuery = z.object({ apikey: queryText('apikey').optional() });
export const reservesHistoryQuery = z.object({
  apikey: queryText('apikey').optional(),
  limit: wholeNumber('limit', { min: 1, max: RESERVES_HISTORY_MAX }, { invalid: `limit must be a whole number from 1 to ${RESERVES_HISTORY_MAX}` }).optional(),
});
export const reservesMyProofQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });

export const reservesAsset = z.object({
  asset: z.string(),
  /** What the users hold in the asset at the snapshot: the root's sum. */
  total: decimalOut,
  /** What the exchange's addresses held on chain when the snapshot was taken. */
  reserves: decimalOut,
  /** reserves ÷ total, 4 decimals; null when nothing is owed. */
  ratio: decimalOut.nullable(),
});
export type ReservesAsset = z.infer<typeof reservesAsset>;

export const reservesSnapshot = z.object({
  id: z.string(),
  taken_at: z.string(),
  root_hash: hash,
  users: z.number().int().nonnegative(),
  assets: z.array(reservesAsset).max(MAX_ASSETS),
});
export type ReservesSnapshot = z.infer<typeof reservesSnapshot>;

/** GET /api/v1/proof-of-reserves: the latest snapshot, null before the first. */
export const reservesLatestResponse = z.object({ snapshot: reservesSnapshot.nullable() });
/** GET /api/v1/proof-of-reserves/history: the latest snapshots, newest first. */
export const reservesHistoryResponse = z.object({ items: z.array(reservesSnapshot).max(RESERVES_HISTORY_MAX) });

/** One reserve address and its proof of control: its own signature of the message naming it (docs/reserves.md). */
export const reserveAddress = z.object({
  address: z.string().max(120),
  /** `Nexa proof of reserves <label>: <address>`; null, as the signature, when the server holds no key of the address. */
  message: z.string().max(200).nullable(),
  signature: z.string().max(200).nullable(),
});
export type ReserveAddress = z.infer<typeof reserveAddress>;

export const reserveNetwork = z.object({
  network_id: z.number().int(),
  network: z.string(),
  /** How the network's addresses sign (EIP-191, TRON's, BIP-137, ed25519); null where none is signed (the memo networks' shared accounts). */
  scheme: z.enum(RESERVE_SIGNATURE_SCHEMES).nullable(),
  /** The exchange's addresses on the network that hold or held its reserves (at most 100 listed). */
  addresses: z.array(reserveAddress).max(100),
  balances: z.array(z.object({ asset: z.string(), amount: decimalOut })).max(MAX_ASSETS),
});
export type ReserveNetwork = z.infer<typeof reserveNetwork>;
/** GET /api/v1/proof-of-reserves/addresses. */
export const reservesAddressesResponse = z.object({
  /** What every message names: the latest snapshot's id, or the UTC day (YYYY-MM-DD) before the first snapshot. */
  label: z.string().max(64),
  networks: z.array(reserveNetwork).max(100),
});
export type ReservesAddresses = z.infer<typeof reservesAddressesResponse>;

/** GET /api/v1/proof-of-reserves/my-proof: the signed-in user's proof file of the latest snapshot. */
export const reservesMyProofResponse = ProofFileSchema;

export const reservesMessages = {
  noSnapshot: 'No proof-of-reserves snapshot has been taken yet',
  notInSnapshot: 'Your account held nothing when the latest snapshot was taken, so it has no leaf in the tree',
} as const;

/** POST /api/dev/proof-of-reserves/snapshot (loopback only): the snapshot just taken. */
export const reservesSnapshotTakenResponse = z.object({ snapshot: reservesSnapshot });
