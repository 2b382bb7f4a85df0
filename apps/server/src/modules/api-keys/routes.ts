import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEYS_PER_USER,
  apiKeyCodeRequest,
  apiKeyCodeResponse,
  apiKeyCreateRequest,
  apiKeyCreateResponse,
  apiKeyDeleteRequest,
  apiKeyDeleteResponse,
  apiKeyMessages,
  apiKeyParams,
  apiKeysResponse,
  errorResponse,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Mail } from '../../mail/mailer.js';
import { signedInUserId } from '../../plugins/auth.js';
import type { PurposeCodes } from '../accounts/index.js';
import type { KeyBox } from './key-box.js';
import { apiKeyCreatedMail } from './mails.js';
import { deleteKey, hasKey, insertKey, listKeys, liveKeyCount } from './store.js';

export interface ApiKeyRoutesOptions {
  db: Database;
  box: KeyBox;
  /** The mailed codes that creating and deleting a key need. */
  codes: PurposeCodes;
  /** The authenticator's check: nothing when the user has it off. */
  secondFactor: { require(userId: string, code: string | undefined): Promise<void> };
  /** The user's address for the creation mail. */
  emailOf(userId: string): Promise<string | null>;
  /** Sends a mail; a failure is logged by it and does not undo the key. */
  mail(mail: Mail): Promise<void>;
  now: () => Date;
  /** Per-IP requests per minute on the calls that check a code; 0 turns the limit off. */
  perIpPerMinute: number;
  /** Tells every process's key cache (LiveKeys) that the user's keys changed, once a deletion committed. */
  keysChanged(userId: string): void;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['api-keys'];
const security = [{ bearerAuth: [] }];

const tooMany = () => new AppError(409, apiKeyMessages.tooMany, 'API_KEYS_TOO_MANY');

/** The user's personal API keys (issue 42), mounted at /api/v1/api-keys with the session's bearer token alone. */
export const apiKeyRoutes: FastifyPluginAsyncZod<ApiKeyRoutesOptions> = async (app, o) => {
  const limited = { rateLimit: o.perIpPerMinute > 0 ? { max: o.perIpPerMinute, timeWindow: 60_000 } : false };
  app.addHook('preHandler', app.requireVerified);

  app.post('/email-code', {
    config: limited,
    schema: {
      tags,
      security,
      description: 'Mails the 6-digit code that creating or deleting a key needs; within 60 s of an unspent code none is sent (that code still works).',
      body: apiKeyCodeRequest,
      response: { 200: apiKeyCodeResponse, ...errors },
    },
    handler: async (req) => {
      await o.codes.send(signedInUserId(req));
      return { message: apiKeyMessages.codeSent };
    },
  });

  app.post('', {
    config: limited,
    schema: {
      tags,
      security,
      description:
        `Creates a key with the mailed code (and the authenticator's when it is on); the secret is answered this once. ` +
        `Withdraw needs an IP allow-list; at most ${API_KEYS_PER_USER} keys (409).`,
      body: apiKeyCreateRequest,
      response: { 201: apiKeyCreateResponse, ...errors },
    },
    handler: async (req, reply) => {
      const userId = signedInUserId(req);
      const body = req.body;
      const ipAllowlist = body.ip_allowlist ?? [];
      if (body.permissions.includes('withdraw') && ipAllowlist.length === 0) throw new AppError(400, apiKeyMessages.withdrawNeedsAllowlist, 'API_KEY_WITHDRAW_ALLOWLIST');
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
      if (expiresAt && expiresAt <= o.now()) throw new AppError(400, apiKeyMessages.expiryPast, 'API_KEY_EXPIRY');
      // Checked before the codes too, so a user at the limit keeps the code for a deletion.
      if ((await liveKeyCount(o.db, userId)) >= API_KEYS_PER_USER) throw tooMany();
      await o.secondFactor.require(userId, body.totp_code);
      await o.codes.verify(userId, body.email_code);
      const { apiKey, secret } = o.box.issue();
      const key = await insertKey(o.db, {
        userId,
        apiKey,
        label: body.label,
        permissions: body.permissions,
        ipAllowlist,
        secretSealed: o.box.seal(secret),
        passphraseHash: o.box.hashPassphrase(body.passphrase),
        expiresAt,
        createdAt: o.now(),
      });
      if (!key) throw tooMany();
      const to = await o.emailOf(userId);
      if (to) await o.mail(apiKeyCreatedMail(to, userId, key));
      return reply.status(201).send({
        api_key: key.api_key,
        secret_key: secret,
        passphrase: body.passphrase,
        label: key.label,
        permissions: key.permissions,
        ip_allowlist: key.ip_allowlist,
        expires_at: key.expires_at,
        created_at: key.created_at,
      });
    },
  });

  app.get('', {
    schema: { tags, security, description: 'The user’s live keys with their last use and its address; never a secret.', response: { 200: apiKeysResponse, ...errors } },
    handler: async (req) => ({ items: await listKeys(o.db, signedInUserId(req)) }),
  });

  app.delete('/:api_key', {
    config: limited,
    schema: {
      tags,
      security,
      description: 'Deletes a key with the mailed code (and the authenticator’s when it is on); its next signed call is refused in every process.',
      params: apiKeyParams,
      body: apiKeyDeleteRequest,
      response: { 200: apiKeyDeleteResponse, ...errors },
    },
    handler: async (req) => {
      const userId = signedInUserId(req);
      if (!(await hasKey(o.db, userId, req.params.api_key))) throw new AppError(404, apiKeyMessages.notFound, 'API_KEY_NOT_FOUND');
      await o.secondFactor.require(userId, req.body.totp_code);
      await o.codes.verify(userId, req.body.email_code);
      if (!(await deleteKey(o.db, userId, req.params.api_key, o.now()))) throw new AppError(404, apiKeyMessages.notFound, 'API_KEY_NOT_FOUND');
      o.keysChanged(userId);
      return { deleted: true as const };
    },
  });
};
