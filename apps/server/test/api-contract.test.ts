import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ZodType } from 'zod';
import * as contract from '@exchange/contract';
import { DEFAULT_API_KEY, DEFAULT_CHART_LAYOUT, type AnnouncementDraft, type CampaignDraft } from '@exchange/contract';
import { repoRoot } from '../src/paths.js';
import {
  expectedStatus,
  parseApiTable,
  pathPlaceholders,
  setPath,
  type ApiParam,
  type ApiRow,
} from './api-table.js';
import {
  bearer,
  latestCode,
  manualClock,
  multipart,
  signUpUser,
  startApp,
  TINY_PNG,
  uniqueEmail,
  uploadKyc,
  verifyIdentity,
  type SignedUpUser, type TestApp, FEATURE_DB } from './helpers.js';
import { TRON_DESTINATION } from './funds/withdraw-helpers.js';
import { appCode, enableTotp } from './security/security-helpers.js';
import { setFreeze } from '../src/modules/accounts/index.js';
import { makeOperator, nextCode, type TestOperator } from './console/console-helpers.js';

/** A second valid TRON address, for the address book's delete call. */
const OTHER_TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
import { approveSubmission } from '../src/modules/kyc/review.js';
import { recordNotification } from '../src/modules/notifications/index.js';
import { reservesDepsOf, takeSnapshot } from '../src/modules/reserves/index.js';
import { okxSign } from '../src/modules/api-keys/index.js';
import { proposeAdjustment } from '../src/modules/console/adjustments.js';
import { createAnnouncement, setPublished } from '../src/modules/help/index.js';
import { createCampaign, setCampaignPublished } from '../src/modules/rewards/index.js';

const DOC = 'docs/api.md';
const PASSWORD = 'correct-horse-1';
const RESEND_COOLDOWN_MS = (contract.OTP_RESEND_COOLDOWN_S + 1) * 1000;

type Values = Record<string, unknown>;

interface Account {
  email: string;
  password: string;
  userId: string;
  uid: number;
  token: string;
}

/**
 * docs/api.md against the running server: each implemented row is called with its parameters
 * where the row puts them and must answer its status with the contract's schema; each route of
 * the OpenAPI document must have a row, and a row still waiting for its issue must have no route.
 */
describe('docs/api.md against the server', () => {
  const rows = parseApiTable(readFileSync(path.join(repoRoot, DOC), 'utf8'));
  const clock = manualClock();
  let t: TestApp;
  let wsBase: string;
  let main: Account;
  let generic: Values;

  const inject = (options: InjectOptions) => t.app.inject(options);

  /** Mails to `email` after `seen` of them were there; mail may be sent after the call answered. */
  async function codeMailed(email: string, seen: number): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const res = await inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
      if ((res.json() as unknown[]).length > seen) return latestCode(t.app, email);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no new mail to ${email}`);
  }

  async function mailCount(email: string): Promise<number> {
    const res = await inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    return (res.json() as unknown[]).length;
  }

  /** A signed-up user who has verified the emailed code, so every call is open to them. */
  async function verifiedAccount(tag: string): Promise<Account> {
    const user = await signUpUser(t.app, tag);
    const info = await inject({
      url: `/api/user_account/getUserInformation/?user_id=${user.userId}`,
      headers: bearer(user.token),
    });
    const { email, email_verified } = (info.json() as { user: { email: string; email_verified: boolean } }).user;
    if (!email_verified) {
      const verified = await inject({
        method: 'POST',
        url: '/api/user_account/verify-otp',
        payload: { email, otp: await latestCode(t.app, email) },
      });
      expect(verified.statusCode).toBe(200);
    }
    return { ...user, email, password: PASSWORD };
  }

  async function signUpOnly(): Promise<string> {
    const email = uniqueEmail('contract');
    const res = await inject({
      method: 'POST',
      url: '/api/user_account/signup',
      payload: { email, password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    return email;
  }

  async function requestReset(email: string): Promise<string> {
    const seen = await mailCount(email);
    const res = await inject({ method: 'POST', url: '/api/user_account/password_reset/request', payload: { email } });
    expect(res.statusCode).toBe(200);
    return codeMailed(email, seen);
  }

  async function placeOrder(headers: Record<string, string> = {}): Promise<string> {
    const query = new URLSearchParams({
      apikey: DEFAULT_API_KEY,
      uid: String(main.uid),
      coin_id: '1',
      order_type: 'buy',
      excecution_type: 'limit',
      price: '1000',
      amount: '0.001',
    });
    const res = await inject({ method: 'POST', url: `/api/v1/orders?${query}`, headers: { ...bearer(main.token), ...headers } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { order_id: string }).order_id;
  }

  /** Opening futures needs the identity verified; the upload row leaves it under review. */
  async function identityVerified(): Promise<void> {
    const res = await t.app.services.db.query<{ identity_status: string }>('SELECT identity_status FROM users WHERE id = $1', [main.userId]);
    const status = res.rows[0]?.identity_status;
    if (status === 'pending') await approveSubmission(t.app.services.db, main.userId, { by: 'operator', at: clock.now() });
    else if (status === 'false') await verifyIdentity(t.app, main);
  }

  /** A resting 20x long far below the market, margined from the futures wallet. */
  async function openFutures(): Promise<string> {
    await identityVerified();
    const moved = await inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: bearer(main.token),
      payload: { apikey: DEFAULT_API_KEY, uid: main.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 10 },
    });
    expect(moved.statusCode).toBe(201);
    const query = new URLSearchParams({
      apikey: DEFAULT_API_KEY,
      uid: String(main.uid),
      transaction_type: 'BUY MORE',
      symbol: 'BTC',
      entry_price: '1000',
      amount: '0.001',
      leverage: '20',
    });
    const res = await inject({ method: 'POST', url: `/api/v1/futures?${query}`, headers: bearer(main.token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { future_id: string }).future_id;
  }

  /** An open isolated 20x long of 0.001 BTC bought at market: its position id. */
  async function marketPosition(): Promise<string> {
    const id = await openFutures();
    const query = new URLSearchParams({ apikey: DEFAULT_API_KEY, uid: String(main.uid), transaction_type: 'BUY MORE', symbol: 'BTC', amount: '0.001', leverage: '20', order_type: 'market' });
    const res = await inject({ method: 'POST', url: `/api/v1/futures?${query}`, headers: bearer(main.token) });
    expect(res.statusCode, `${id} ${res.body}`).toBe(200);
    return (res.json() as { position_id: string }).position_id;
  }

  /** Values a call needs beyond the generic ones, keyed by "METHOD path"; each builds its own state. */
  const perCall: Record<string, () => Promise<Values> | Values> = {
    'GET /api/v5/public/funding-rate': () => ({ instId: 'BTC-USDT-SWAP' }),
    'GET /api/v5/public/funding-rate-history': () => ({ instId: 'BTC-USDT-SWAP' }),
    'GET /api/v5/public/mark-price': () => ({ instType: 'SWAP' }),
    'GET /api/v5/public/open-interest': () => ({ instType: 'SWAP' }),
    'GET /api/v5/public/position-tiers': () => ({ instType: 'SWAP', tdMode: 'cross', instFamily: 'BTC-USDT' }),
    'GET /api/v5/market/mark-price-candles': () => ({ instId: 'BTC-USDT-SWAP' }),
    'GET /api/v5/market/history-mark-price-candles': () => ({ instId: 'BTC-USDT-SWAP' }),
    'POST /api/user_account/signup': () => ({ email: uniqueEmail('contract'), password: PASSWORD, confirm_password: PASSWORD }),
    'POST /api/user_account/verify-otp': async () => {
      const email = await signUpOnly();
      return { email, otp: await latestCode(t.app, email) };
    },
    'POST /api/user_account/resend-otp': async () => {
      const email = await signUpOnly();
      clock.advance(RESEND_COOLDOWN_MS);
      return { email };
    },
    'POST /api/user_account/password_reset/verify_otp': async () => {
      const { email } = await verifiedAccount('reset-verify');
      return { email, otp: await requestReset(email) };
    },
    'POST /api/user_account/password_reset/resend-otp': async () => {
      const { email } = await verifiedAccount('reset-resend');
      await requestReset(email);
      clock.advance(RESEND_COOLDOWN_MS);
      return { email };
    },
    'POST /api/user_account/password_reset/reset': async () => {
      const { email } = await verifiedAccount('reset');
      return { email, otp: await requestReset(email), new_password: 'another-horse-2', confirm_password: 'another-horse-2' };
    },
    'POST /api/user_account/email_reset/verify_otp': async () => ({ email: main.email, otp: await emailChangeCode() }),
    'POST /api/user_account/email_reset/change': async () => {
      const values = { email: main.email, otp: await emailChangeCode(), new_email: uniqueEmail('contract-moved') };
      // The change moves main to the new address for every later row.
      main.email = values.new_email;
      generic.email = values.new_email;
      return values;
    },
    'DELETE /api/user_account/security/sessions/{id}': async () => {
      const login = await inject({ method: 'POST', url: '/api/user_account/login', payload: { email: main.email, password: main.password } });
      const other = (login.json() as { jwt_token: string }).jwt_token;
      const logins = await inject({ url: `/api/user_account/security/logins?user_id=${main.userId}`, headers: bearer(other) });
      return { id: (logins.json() as { id: string; current: boolean }[]).find((l) => l.current)?.id };
    },
    'POST /api/user_account/security/anti-phishing': () => ({ phrase: 'Blue Heron' }),
    'POST /api/user_account/security/totp/enable': async () => {
      const res = await inject({ method: 'POST', url: '/api/user_account/security/totp/setup', headers: bearer(main.token), payload: { user_id: main.userId } });
      totpSecret = (res.json() as { secret: string }).secret;
      return { totp_code: appCode(totpSecret, clock.now().getTime()) };
    },
    // The app goes off again, so the later rows (login, withdrawals) need no code.
    'POST /api/user_account/security/totp/disable': () => {
      clock.advance(30_000);
      return { totp_code: appCode(totpSecret, clock.now().getTime()) };
    },
    'GET /api/user_account/profile-image/{imageId}': async () => {
      const form = multipart({ name: 'Ada', phone_number: '+44 20 7946 0958' }, { name: 'user_profile', filename: 'me.png', data: TINY_PNG });
      const res = await inject({
        method: 'POST',
        url: `/api/user_account/edit_profile/user=${main.userId}`,
        headers: { ...bearer(main.token), ...form.headers },
        payload: form.payload,
      });
      const url = (res.json() as { user: { profile_image: string } }).user.profile_image;
      return { imageId: url.split('/').pop() };
    },
    'POST /api/user_account/upload-kyc/user={id}': async () => {
      // A user under review or verified cannot upload: the row starts main over, in the test only.
      await t.app.services.db.query(`UPDATE users SET identity_status = 'false' WHERE id = $1`, [main.userId]);
      await t.app.services.db.query(`DELETE FROM kyc_submissions WHERE user_id = $1`, [main.userId]);
      return { document_type: 'drivers_license', captured_selfie: TINY_PNG, front_captured_image: TINY_PNG, back_captured_image: TINY_PNG };
    },
    'DELETE /api/v1/orders/{orderId}': async () => ({ orderId: await placeOrder() }),
    'POST /api/v1/transfers': () => ({ symbol: 'USDT', amount: 1 }),
    'POST /api/v1/futures': async () => {
      await openFutures();
      return { transaction_type: 'BUY MORE', entry_price: '1000', leverage: 20, order_type: 'limit' };
    },
    'PUT /api/v1/close-position': async () => ({ future_id: await openFutures() }),
    'DELETE /api/v1/futures/orders/{order_id}': async () => ({ order_id: await openFutures() }),
    'GET /api/v1/futures/leverage': () => ({ contract: 'BTC-USDT-SWAP' }),
    'PUT /api/v1/futures/leverage': () => ({ contract: 'BTC-USDT-SWAP', side: 'short', margin_mode: 'cross', leverage: 10 }),
    'PUT /api/v1/futures/position-mode': () => ({ position_mode: 'hedge' }),
    'POST /api/v1/futures/positions/{id}/margin': async () => ({ id: await marketPosition(), type: 'add', amount: '1' }),
    'PUT /api/v1/futures/positions/{id}/tpsl': async () => ({ id: await marketPosition(), tp_trigger_price: '10000000', trigger_by: 'mark' }),
    'DELETE /api/v1/futures/positions/{id}/tpsl': async () => ({ id: await marketPosition() }),
    'GET /api/v1/idempotency-keys/{key}': async () => {
      const key = randomUUID();
      await placeOrder({ 'idempotency-key': key });
      return { key };
    },
    'GET /api/v1/convert/quote': () => ({ from: 'USDT', to: 'BTC', amount: '10' }),
    'GET /api/v1/coin-transaction': () => ({ transaction_type: 'deposit' }),
    'GET /api/v1/deposit-address': () => ({ network_id: 2 }),
    'GET /api/v1/transaction-history/{uid}': () => ({ transaction_type: 'deposit' }),
    'POST /api/v1/simulated-chain/deposits': () => ({ network_id: 2, symbol: 'USDT', amount: 5 }),
    'POST /api/v1/submit-withdrawal': async () => {
      await identityVerified();
      await liftWithdrawalLock();
      return withdrawal;
    },
    'POST /api/v1/withdrawals/{id}/cancel': async () => {
      await identityVerified();
      await liftWithdrawalLock();
      const res = await inject({ method: 'POST', url: `/api/v1/submit-withdrawal?${new URLSearchParams({ apikey: DEFAULT_API_KEY, ...withdrawal })}`, headers: bearer(main.token) });
      return { id: (res.json() as { withdrawal: { id: string } }).withdrawal.id };
    },
    'POST /api/v1/withdrawals/{id}/confirm': async () => {
      const { id } = await unconfirmedWithdrawal();
      return { id, email_code: await latestCode(t.app, main.email) };
    },
    'POST /api/v1/withdrawals/{id}/confirm-code': async () => {
      const { id } = await unconfirmedWithdrawal();
      clock.advance(RESEND_COOLDOWN_MS);
      return { id };
    },
    'POST /api/v1/withdraw-addresses': async () => ({ label: 'Cold wallet', network_id: 2, address: TRON_DESTINATION, code: await addressCode() }),
    'DELETE /api/v1/withdraw-addresses/{id}': async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/withdraw-addresses',
        headers: bearer(main.token),
        payload: { apikey: DEFAULT_API_KEY, uid: main.uid, label: 'To delete', network_id: 2, address: OTHER_TRON, code: await addressCode() },
      });
      return { id: (res.json() as { address: { id: string } }).address.id };
    },
    'POST /api/v1/withdraw-addresses/whitelist': () => ({ enabled: true }),
    'POST /api/v1/conversions': async () => {
      const res = await inject({ url: `/api/v1/convert/quote?apikey=${DEFAULT_API_KEY}&from=USDT&to=BTC&amount=10` });
      const q = res.json() as { quote_id: string; converted_amount: string };
      return { convert_from: 'USDT', convert_to: 'BTC', amount: '10', converted_amount: q.converted_amount, quote_id: q.quote_id };
    },
    'POST /api/v1/earn/subscriptions': () => ({ product_id: 'USDT-FLEX', amount: '10', source: 'spot' }),
    'POST /api/v1/earn/positions/{id}/redeem': async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/earn/subscriptions',
        headers: bearer(main.token),
        payload: { apikey: DEFAULT_API_KEY, uid: main.uid, product_id: 'USDT-FLEX', amount: '5', source: 'spot' },
      });
      return { id: (res.json() as { position: { id: string } }).position.id };
    },
    'POST /api/v1/earn/auto-earn': () => ({ symbol: 'USDT', enabled: true }),
    'POST /api/v1/user-notifications/{id}/read': async () => {
      await recordNotification(t.app.services.db, { userId: main.userId, at: new Date(), body: { code: 'password_changed', params: {} } });
      const res = await inject({ url: `/api/v1/user-notifications?apikey=${DEFAULT_API_KEY}&uid=${main.uid}&limit=1`, headers: bearer(main.token) });
      return { id: (res.json() as { items: { id: string }[] }).items[0]?.id };
    },
    'GET /api/v1/chart-layouts/{name}': async () => ({ name: await savedLayout('spot') }),
    'PUT /api/v1/chart-layouts/{name}': () => ({ name: 'spot', layout: { ...DEFAULT_CHART_LAYOUT, indicators: ['MA', 'RSI'] } }),
    'DELETE /api/v1/chart-layouts/{name}': async () => ({ name: await savedLayout('to-delete') }),
    'GET /api/dev/outbox': () => ({ to: main.email }),
    'GET /api/v1/help/articles/{slug}': () => ({ slug: 'funding-rate-explained' }),
    'GET /api/admin/users': () => ({ q: 'contract' }),
    'POST /api/admin/operators': async () => ({ role: 'support', reason: 'contract row', totp_code: await operatorCode() }),
    'DELETE /api/admin/operators': async () => ({ role: 'support', reason: 'contract row', totp_code: await operatorCode() }),
    'GET /api/admin/kyc': () => ({ status: 'pending' }),
    'GET /api/admin/withdrawals': () => ({ status: 'review' }),
    'GET /api/admin/deposits': () => ({ status: 'below_minimum' }),
    // An unclaimed deposit, credited to the user the row names (the row's body always carries a user_id).
    'POST /api/admin/deposits/{id}/credit': async () => ({ id: await skippedDeposit(null), user_id: await accountTarget(), reason: 'contract row', totp_code: await operatorCode() }),
    // A catalogue coin not listed at start; the listing stays in this file's process (vitest.config.ts runs it alone).
    'POST /api/admin/markets/listings': () => ({ reason: 'contract row', kind: 'spot', symbol: 'INJ', tick_size: '0.001', lot_size: '0.01', min_size: '0.01', max_size: '1000' }),
    'PUT /api/admin/fees/{tier}': async () => ({ reason: 'contract row', tier: 'premium', maker_rate: '0.0008', taker_rate: '0.0009', futures_maker_rate: '0.0002', futures_taker_rate: '0.0006', totp_code: await operatorCode() }),
    'POST /api/admin/deposits/{id}/refuse': async () => ({ id: await skippedDeposit(), reason: 'contract row' }),
    'GET /api/admin/kyc/{user_id}': async () => ({ user_id: await applicant() }),
    'GET /api/admin/kyc/{user_id}/documents/{index}': async () => ({ user_id: await applicant(), index: 0 }),
    'POST /api/admin/kyc/{user_id}/decision': async () => ({ user_id: await applicant(), decision: 'approve', reason: 'contract row' }),
    // An unconfirmed withdrawal holds nothing: moved to review and rejected, it leaves the ledger as it was.
    'POST /api/admin/withdrawals/{id}/decision': async () => {
      const { id } = await unconfirmedWithdrawal();
      await t.app.services.db.query(`UPDATE withdrawals SET status = 'review' WHERE id = $1`, [id]);
      return { id, decision: 'reject', reason: 'contract row', totp_code: await operatorCode() };
    },
    // The account actions act on one user of their own, never on main, whose rows follow.
    'POST /api/admin/users/{id}/freeze': async () => ({ id: await accountTarget(), reason: 'contract row' }),
    'POST /api/admin/users/{id}/unfreeze': async () => {
      const id = await accountTarget();
      await setFreeze(t.app.services.db, id, { at: clock.now(), reason: 'contract row', by: 'cli:test' });
      return { id, reason: 'contract row' };
    },
    // A market no other row trades: the halt row leaves it halted, the resume row halts it first.
    'POST /api/admin/markets/{instId}/halt': async () => {
      await t.app.services.db.query(`DELETE FROM market_halts WHERE inst_id = 'XTZ-USDT'`);
      return { instId: 'XTZ-USDT', reason: 'contract row' };
    },
    'POST /api/admin/markets/{instId}/resume': async () => {
      await t.app.services.db.query(`INSERT INTO market_halts (inst_id, reason, halted_at, halted_by) VALUES ('XTZ-USDT', 'contract row', now(), 'cli:test') ON CONFLICT DO NOTHING`);
      return { instId: 'XTZ-USDT', reason: 'contract row' };
    },
    'POST /api/admin/users/{id}/end-sessions': async () => ({ id: await accountTarget(), reason: 'contract row' }),
    'POST /api/admin/users/{id}/unlock-login': async () => ({ id: await accountTarget(), reason: 'contract row' }),
    'POST /api/admin/users/{id}/reset-two-factor': async () => ({ id: await accountTarget(), reason: 'contract row', totp_code: await operatorCode() }),
    'POST /api/admin/announcements/preview': () => ({ body: '# Contract row' }),
    'POST /api/admin/announcements': () => announcementDraftFor('created'),
    'PUT /api/admin/announcements/{id}': async () => ({ id: await draftAnnouncement(false), ...announcementDraftFor('rewritten') }),
    'POST /api/admin/announcements/{id}/publish': async () => ({ id: await draftAnnouncement(false) }),
    'POST /api/admin/announcements/{id}/unpublish': async () => ({ id: await draftAnnouncement(true) }),
    'POST /api/admin/campaigns': () => campaignDraftFor('created'),
    'PUT /api/admin/campaigns/{id}': async () => ({ id: await draftCampaign(false), ...campaignDraftFor('rewritten') }),
    'POST /api/admin/campaigns/{id}/publish': async () => ({ id: await draftCampaign(false) }),
    'POST /api/admin/campaigns/{id}/unpublish': async () => ({ id: await draftCampaign(true) }),
    'GET /api/admin/adjustments': () => ({ status: 'pending' }),
    'POST /api/admin/adjustments': async () => ({ user_id: await adjustedUser(), asset: 'USDT', wallet: 'spot', direction: 'credit', amount: '1', reason: 'contract row', totp_code: await operatorCode() }),
    'POST /api/admin/adjustments/{id}/approve': async () => ({ id: await othersProposal(), totp_code: await operatorCode() }),
    'POST /api/admin/adjustments/{id}/reject': async () => ({ id: await othersProposal(), reason: 'contract row' }),
    // A snapshot taken now holds main's leaf, so the row answers main's proof.
    'GET /api/v1/proof-of-reserves/my-proof': async () => {
      await takeSnapshot(reservesDepsOf(t.app.services));
      return {};
    },
    'POST /api/v1/api-keys': async () => ({ ...NEW_KEY, email_code: await apiKeyCode() }),
    'POST /api/v5/trade/batch-orders': () => ({ $body: [{ instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', sz: '0.01', px: '1' }] }),
    // Positions are the contracts' (OKX refuses SPOT there).
    'GET /api/v5/account/positions': () => ({ instType: 'SWAP', instId: 'BTC-USDT-SWAP' }),
    'GET /api/v5/account/positions-history': () => ({ instType: 'SWAP', instId: 'BTC-USDT-SWAP' }),
    'POST /api/v5/trade/cancel-algos': () => ({ $body: [{ instId: 'BTC-USDT', algoId: '1' }] }),
    'POST /api/v5/trade/cancel-batch-orders': () => ({ $body: [{ instId: 'BTC-USDT', ordId: '1' }] }),
    'DELETE /api/v1/api-keys/{api_key}': async () => ({ api_key: (await newApiKey()).api_key, email_code: await apiKeyCode() }),
  };

  const NEW_KEY = { label: 'contract', permissions: ['read', 'trade'], passphrase: 'Contract-pass-1' };
  /** A fresh mailed code for main's API keys (after the resend cooldown, so one is sent). */
  const apiKeyCode = async () => {
    clock.advance(RESEND_COOLDOWN_MS);
    await inject({ method: 'POST', url: '/api/v1/api-keys/email-code', headers: bearer(main.token), payload: {} });
    return latestCode(t.app, main.email);
  };
  const newApiKey = async (extra: Record<string, unknown> = {}) => {
    const res = await inject({ method: 'POST', url: '/api/v1/api-keys', headers: bearer(main.token), payload: { ...NEW_KEY, ...extra, email_code: await apiKeyCode() } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as contract.ApiKeyCreateResponse;
  };
  let signingKey: contract.ApiKeyCreateResponse | undefined;
  /** OKX's headers of a call signed with a key of main's, made once. */
  const okxHeaders = async (method: string, url: string, body: string): Promise<Record<string, string>> => {
    // Every permission, so the withdrawal rows are reached too (withdraw needs an allow-list).
    signingKey ??= await newApiKey({ permissions: ['read', 'trade', 'withdraw'], ip_allowlist: ['127.0.0.1'] });
    const timestamp = clock.now().toISOString();
    return {
      'OK-ACCESS-KEY': signingKey.api_key,
      'OK-ACCESS-PASSPHRASE': signingKey.passphrase,
      'OK-ACCESS-TIMESTAMP': timestamp,
      'OK-ACCESS-SIGN': okxSign(signingKey.secret_key, timestamp, method, url, body),
    };
  };

  let accountOwner: Promise<SignedUpUser> | null = null;
  /** The user of the console's account-action rows, with the authenticator on before end-sessions ends its token. */
  const accountUser = () =>
    (accountOwner ??= signUpUser(t.app, 'contract-account').then(async (user) => {
      await enableTotp(t.app, user, clock.now().getTime());
      return user;
    }));
  const accountTarget = async () => (await accountUser()).userId;

  let operator: TestOperator | null = null;
  /** An administrator with the authenticator app on, for the /api/admin rows. */
  const consoleOperator = async () => (operator ??= await makeOperator(t.app, clock, ['admin'], 'contract-admin'));
  const operatorCode = async () => nextCode(clock, await consoleOperator());
  let adjusted: Promise<string> | null = null;
  /** The user the adjustment rows credit: one of their own, so main's balances stay as the other rows expect. */
  const adjustedUser = () => (adjusted ??= signUpUser(t.app, 'contract-adjusted').then((u) => u.userId));
  /** A credit another operator proposed, for the approve and reject rows (four eyes: the contract admin cannot decide its own). */
  const othersProposal = async () => {
    const proposer = { userId: randomUUID(), email: 'contract-proposer@example.com', roles: ['treasury' as const], actingRole: 'treasury' as const };
    const input = { userId: await adjustedUser(), asset: 'USDT', wallet: 'spot' as const, direction: 'credit' as const, amount: '1', reason: 'contract row' };
    return (await proposeAdjustment(t.app.services.db, input, { operator: proposer, at: clock.now(), address: null })).id;
  };
  /** A draft of its own for each announcement row: a slug once used stays taken. */
  const announcementDraftFor = (what: string) => ({
    slug: `contract-${what}-${randomUUID().slice(0, 8)}`,
    title: 'Contract row',
    summary: 'An announcement of the contract test',
    category: 'guides',
    language: 'en',
    body: '# Contract row',
  });
  const draftAnnouncement = async (published: boolean) => {
    return t.app.services.db.tx(async (q) => {
      const draft = await createAnnouncement(q, announcementDraftFor('draft') as AnnouncementDraft, 'cli:test', clock.now());
      if (published) await setPublished(q, draft.id, clock.now(), 'cli:test', clock.now());
      return draft.id;
    });
  };
  /** A campaign draft of its own for each row, as the announcements'. */
  const campaignDraftFor = (what: string) => ({
    slug: `contract-${what}-${randomUUID().slice(0, 8)}`,
    title: 'Contract row',
    summary: 'A campaign of the contract test',
    reward: '1 USDT',
    starts: '2025-01-01',
    ends: null,
    path: '/markets',
    body: '# Contract row',
  });
  const draftCampaign = async (published: boolean) => {
    return t.app.services.db.tx(async (q) => {
      const draft = await createCampaign(q, campaignDraftFor('draft') as CampaignDraft, 'cli:test', clock.now());
      if (published) await setCampaignPublished(q, draft.id, clock.now(), 'cli:test', clock.now());
      return draft.id;
    });
  };
  /** A deposit the watcher left below the minimum, of a user of its own, for the console's deposit rows. */
  /** A deposit below the minimum of the account user's, or with `null` one sent with nobody's memo (unclaimed). */
  const skippedDeposit = async (owner?: null) => {
    const id = randomUUID();
    await t.app.services.db.query(
      `INSERT INTO deposits (id, user_id, network_id, symbol, tx_hash, idx, block_height, address, amount, confirmations, status, reason, created_at)
       VALUES ($1, $2, 1, 'USDT', $3, 0, 1, '0x0000000000000000000000000000000000000001', '0.5', 12, $5, 'below the minimum', $4)`,
      [id, owner === null ? null : await accountTarget(), `0x${id.replace(/-/g, '')}`, clock.now(), owner === null ? 'unclaimed' : 'skipped'],
    );
    return id;
  };
  /** A fresh user whose documents wait for review, for the console's verification rows. */
  const applicant = async () => {
    const user = await signUpUser(t.app, 'contract-applicant');
    expect((await uploadKyc(t.app, user)).statusCode).toBe(201);
    return user.userId;
  };

  /** A layout of main's saved under `name`, for the rows that read or delete one. */
  const savedLayout = async (name: string) => {
    const res = await inject({ method: 'PUT', url: `/api/v1/chart-layouts/${name}`, headers: bearer(main.token), payload: { apikey: DEFAULT_API_KEY, uid: main.uid, layout: DEFAULT_CHART_LAYOUT } });
    expect(res.statusCode, res.body).toBe(200);
    return name;
  };
  /** A fresh mailed code for main's email change (after the resend cooldown, so one is sent). */
  const emailChangeCode = async () => {
    clock.advance(RESEND_COOLDOWN_MS);
    const seen = await mailCount(main.email);
    await inject({ method: 'POST', url: '/api/user_account/email_reset/request', headers: bearer(main.token), payload: { email: main.email } });
    return codeMailed(main.email, seen);
  };
  let totpSecret = '';
  /** The email change and the authenticator rows lock main's withdrawals for 24 hours, as they should. */
  const liftWithdrawalLock = () => t.app.services.db.query('UPDATE users SET withdrawals_locked_until = NULL WHERE id = $1', [main.userId]);

  const withdrawal = { wallet_id: '0', initial_amount: '5', network_id: '2', address: TRON_DESTINATION, source: 'spot' };
  /** A withdrawal of main's, submitted and waiting for the code just mailed. */
  const unconfirmedWithdrawal = async () => {
    await identityVerified();
    await liftWithdrawalLock();
    const res = await inject({ method: 'POST', url: `/api/v1/submit-withdrawal?${new URLSearchParams({ apikey: DEFAULT_API_KEY, ...withdrawal })}`, headers: bearer(main.token) });
    return { id: (res.json() as { withdrawal: { id: string } }).withdrawal.id };
  };
  /** A fresh emailed code for the address book (after the resend cooldown, so one is sent). */
  const addressCode = async () => {
    clock.advance(RESEND_COOLDOWN_MS);
    await inject({ method: 'POST', url: '/api/v1/withdraw-addresses/code', headers: bearer(main.token), payload: { apikey: DEFAULT_API_KEY, uid: main.uid } });
    return latestCode(t.app, main.email);
  };

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    main = await verifiedAccount('contract');
    const toSeconds = Math.floor(clock.now().getTime() / 1000);
    generic = {
      apikey: DEFAULT_API_KEY,
      uid: main.uid,
      user_id: main.userId,
      id: main.userId,
      email: main.email,
      password: main.password,
      country: 'PH',
      name: 'Ada Lovelace',
      phone_number: '+44 20 7946 0958',
      user_profile: TINY_PNG,
      coinId: '1',
      coin_id: 1,
      symbol: 'BTC',
      order_type: 'buy',
      excecution_type: 'limit',
      price: '1000',
      amount: '0.001',
      status: 'all',
      limit: 20,
      transfer_from: 'spot',
      transfer_to: 'futures',
      wallet: 'funding',
      file: 'btc.svg',
      query: 'BTC',
      resolution: '60',
      from: toSeconds - 86_400,
      to: toSeconds,
      instId: 'BTC-USDT',
      instType: 'SPOT',
      sz: 5,
      token: main.token,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has one table in the documented format, with every column filled', () => {
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const where = `${DOC}:${row.line}`;
      expect(row.spec, where).toMatch(/^(—|[123] §7(, [123] §7)*)$/);
      expect(pathPlaceholders(row.path).sort(), where).toEqual(row.pathParams.map((p) => p.name).sort());
      if (row.landsWith === null && row.method !== 'WS') expect(expectedStatus(row.answer), where).not.toBeNull();
      if (row.landsWith === null && /^`\w+`$/.test(row.schema)) expect(schemaOf(row), where).toBeDefined();
    }
  });

  it('lists every route of the OpenAPI document, and none that waits for an issue', async () => {
    const doc = (await inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(20);
    const documented = new Set(rows.filter((r) => r.landsWith === null).map((r) => `${r.method} ${r.path}`));
    const waiting = new Set(rows.filter((r) => r.landsWith !== null).map((r) => `${r.method} ${r.path}`));
    expect(served.filter((route) => !documented.has(route)), `routes without an implemented row in ${DOC}`).toEqual([]);
    expect(served.filter((route) => waiting.has(route)), `routes the table says are not built yet`).toEqual([]);
  });

  it('answers every implemented HTTP row as documented', async () => {
    const failures: string[] = [];
    for (const row of rows.filter((r) => r.landsWith === null && r.method !== 'WS')) {
      const problem = await checkHttpRow(row).catch((err: Error) => err.message);
      if (problem) failures.push(`${DOC}:${row.line} ${row.method} ${row.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every implemented websocket row as documented', async () => {
    const failures: string[] = [];
    for (const row of rows.filter((r) => r.landsWith === null && r.method === 'WS')) {
      const problem = await checkWsRow(row).catch((err: Error) => err.message);
      if (problem) failures.push(`${DOC}:${row.line} WS ${row.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  function schemaOf(row: ApiRow): ZodType | undefined {
    const name = /^`(\w+)`$/.exec(row.schema)?.[1];
    const schema = name ? (contract as Record<string, unknown>)[name] : undefined;
    return schema && typeof (schema as ZodType).safeParse === 'function' ? (schema as ZodType) : undefined;
  }

  /** The value of each parameter the call sends: every required one, and each optional one the test has a value for. */
  function resolve(params: ApiParam[], values: Values): [string, unknown][] {
    const out: [string, unknown][] = [];
    for (const p of params) {
      // A websocket field such as args[0].token takes the value of its last key.
      const value = p.fixed ?? values[p.name] ?? values[p.name.replace(/^.*[.\]]/, '')];
      if (value === undefined) {
        if (p.optional) continue;
        throw new Error(`the test has no value for the required parameter ${p.name}`);
      }
      out.push([p.name, value]);
    }
    return out;
  }

  async function valuesFor(row: ApiRow): Promise<Values> {
    const extra = await perCall[`${row.method} ${row.path}`]?.();
    return { ...generic, ...extra };
  }

  async function checkHttpRow(row: ApiRow): Promise<string | null> {
    const values = await valuesFor(row);
    let url = row.path;
    for (const [name, value] of resolve(row.pathParams, values)) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
    const query = new URLSearchParams(resolve(row.query, values).map(([k, v]): [string, string] => [k, String(v)]));
    if (query.size > 0) url += `?${query}`;

    const headers: Record<string, string> = {};
    if (row.auth === 'operator bearer') Object.assign(headers, bearer((await consoleOperator()).token));
    else if (row.auth.includes('bearer')) Object.assign(headers, bearer(main.token));
    for (const [name] of resolve(row.headers, { 'Idempotency-Key': randomUUID() })) headers[name] = randomUUID();

    let payload: string | Buffer | Record<string, unknown> | unknown[] | undefined;
    // A body that is a JSON array (OKX's batch calls) comes whole from the row's values.
    if (row.body?.kind === 'json') payload = Array.isArray(values.$body) ? values.$body : Object.fromEntries(resolve(row.body.params, values));
    // OKX's signature covers the body's bytes, which inject writes with JSON.stringify.
    if (row.auth === 'okx signed key') Object.assign(headers, await okxHeaders(row.method, url, payload === undefined ? '' : JSON.stringify(payload)));
    if (row.body?.kind === 'multipart') {
      const fields = resolve(row.body.params, values);
      const form = multipart(
        Object.fromEntries(fields.filter(([, v]) => !Buffer.isBuffer(v)).map(([k, v]) => [k, String(v)])),
        fields.filter(([, v]) => Buffer.isBuffer(v)).map(([name, data]) => ({ name, filename: `${name}.png`, data: data as Buffer })),
      );
      Object.assign(headers, form.headers);
      payload = form.payload;
    }

    const res = await inject({ method: row.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url, headers, payload });
    const status = expectedStatus(row.answer);
    if (res.statusCode !== status) return `answered ${res.statusCode} (expected ${status}): ${res.body.slice(0, 300)}`;
    const type = String(res.headers['content-type'] ?? '');
    const schema = schemaOf(row);
    if (schema) {
      const body: unknown = type.startsWith('application/json') ? res.json() : res.body;
      const parsed = schema.safeParse(body);
      return parsed.success ? null : `answer does not match ${row.schema}: ${parsed.error.message.slice(0, 300)}`;
    }
    const types = row.schema.split(' or ');
    return types.some((prefix) => type.startsWith(prefix)) ? null : `content type ${type}, expected ${row.schema}`;
  }

  async function checkWsRow(row: ApiRow): Promise<string | null> {
    const values = await valuesFor(row);
    const socket = await openSocket(`${wsBase}${row.path}`);
    try {
      const message = row.body?.kind === 'message' ? buildMessage(row.body.params, values) : undefined;
      const needsLogin = row.auth.endsWith('bearer (login message)') && message?.op !== 'login';
      if (needsLogin) {
        socket.ws.send(JSON.stringify({ op: 'login', args: [{ token: main.token }] }));
        const login = await socket.next();
        if (!(typeof login === 'object' && login.event === 'login')) return `login answered ${JSON.stringify(login)}`;
      }
      if (row.body?.kind === 'text') {
        const text = row.body.params[0]?.name ?? '';
        socket.ws.send(text);
        const expected = /^text `([^`]+)`$/.exec(row.answer)?.[1];
        const reply = await socket.next();
        return reply === expected ? null : `answered ${JSON.stringify(reply)} to ${text}, expected ${expected}`;
      }
      if (!message) return `a websocket row's body is message: or text:`;
      socket.ws.send(JSON.stringify(message));
      const reply = await socket.next();
      const schema = schemaOf(row);
      if (schema) {
        const parsed = schema.safeParse(reply);
        return parsed.success ? null : `reply does not match ${row.schema}: ${parsed.error.message.slice(0, 300)}`;
      }
      const ok = typeof reply === 'object' && reply.event === message.op && (message.op !== 'login' || reply.code === '0');
      return ok ? null : `answered ${JSON.stringify(reply)} to ${JSON.stringify(message)}`;
    } finally {
      socket.ws.close();
    }
  }

  function buildMessage(params: ApiParam[], values: Values): Record<string, unknown> {
    const message: Record<string, unknown> = {};
    for (const [path, value] of resolve(params, values)) setPath(message, path, value);
    return message;
  }
});

type Frame = Record<string, unknown> | string;

/** A websocket client that queues what it receives, so each reply is read in order. */
async function openSocket(url: string): Promise<{ ws: WebSocket; next: () => Promise<Frame> }> {
  const ws = new WebSocket(url);
  const queue: Frame[] = [];
  let wake: (() => void) | undefined;
  ws.on('message', (raw: Buffer) => {
    const text = raw.toString('utf8');
    let frame: Frame = text;
    try {
      frame = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A text frame such as pong stays text.
    }
    queue.push(frame);
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (): Promise<Frame> => {
    for (let waits = 0; queue.length === 0; waits++) {
      if (waits === 100 || ws.readyState !== WebSocket.OPEN) throw new Error('no reply');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return queue.shift() as Frame;
  };
  return { ws, next };
}
