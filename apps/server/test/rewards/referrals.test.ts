import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, referralsResponse, rewardMessages, rewardsResponse } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { maskEmail } from '../../src/modules/rewards/referrals.js';
import { bearer, SIGNUP_PASSWORD, signUpUser, startApp, uniqueEmail, verifyEmail, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';

/** Referral codes at sign-up, the referral page's data, and the rewards read from the ledger. */
describe('referrals and rewards', () => {
  let t: TestApp;
  let referrer: SignedUpUser;
  let code: string;

  const referrals = (user: SignedUpUser, uid = user.uid) =>
    t.app.inject({ url: `/api/v1/referrals?apikey=${DEFAULT_API_KEY}&uid=${uid}`, headers: bearer(user.token) });
  const signup = (email: string, referral_code?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user_account/signup',
      payload: { email, password: SIGNUP_PASSWORD, confirm_password: SIGNUP_PASSWORD, ...(referral_code === undefined ? {} : { referral_code }) },
    });

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    referrer = await signUpUser(t.app, 'referrer');
    code = referralsResponse.parse((await referrals(referrer)).json()).referral_code;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every user a code and the path of their link', async () => {
    const answer = referralsResponse.parse((await referrals(referrer)).json());
    expect(answer.referral_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(answer.referral_path).toBe(`/signup?ref=${answer.referral_code}`);
    expect(answer.referred).toEqual([]);
  });

  it('records the referrer of a sign-up with a code, in any case, and lists it masked', async () => {
    const email = uniqueEmail('friend');
    const res = await signup(email, ` ${code.toLowerCase()} `);
    expect(res.statusCode).toBe(201);
    const before = referralsResponse.parse((await referrals(referrer)).json()).referred;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ email: maskEmail(email), email_verified: false, identity_verified: false });
    expect(before[0]?.email).not.toBe(email);
    await verifyEmail(t.app, email);
    const after = referralsResponse.parse((await referrals(referrer)).json()).referred;
    expect(after[0]?.email_verified).toBe(true);
  });

  it('records nothing for a sign-up without a code or with an empty one', async () => {
    const other = await signUpUser(t.app, 'lonely');
    expect((await signup(uniqueEmail('empty'), '')).statusCode).toBe(201);
    expect(referralsResponse.parse((await referrals(other)).json()).referred).toEqual([]);
    expect(referralsResponse.parse((await referrals(referrer)).json()).referred).toHaveLength(1);
  });

  it('refuses an unknown or malformed code in plain words, creating no account', async () => {
    const email = uniqueEmail('typo');
    const unknown = await signup(email, 'ZZZZ9999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(rewardMessages.unknownReferralCode);
    const malformed = await signup(email, 'no spaces!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(rewardMessages.invalidReferralCode);
    // The address is still free: the refused sign-ups created nothing.
    expect((await signup(email)).statusCode).toBe(201);
  });

  it('answers 403 for another user’s uid and 401 without a token', async () => {
    const intruder = await signUpUser(t.app, 'intruder');
    expect((await referrals(intruder, referrer.uid)).statusCode).toBe(403);
    const rewards = await t.app.inject({ url: `/api/v1/rewards?apikey=${DEFAULT_API_KEY}&uid=${referrer.uid}`, headers: bearer(intruder.token) });
    expect(rewards.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/referrals?apikey=${DEFAULT_API_KEY}&uid=${referrer.uid}` })).statusCode).toBe(401);
  });

  it('shows the newcomer gift as booked in the ledger at sign-up', async () => {
    const res = await t.app.inject({ url: `/api/v1/rewards?apikey=${DEFAULT_API_KEY}&uid=${referrer.uid}`, headers: bearer(referrer.token) });
    expect(res.statusCode, res.body).toBe(200);
    const rewards = rewardsResponse.parse(res.json());
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ kind: 'newcomer_gift', asset: 'USDT', wallet: 'spot', amount: '10000' });
    const history = await t.app.inject({ url: `/api/v1/ledger-history/${referrer.uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(referrer.token) });
    const grant = (history.json() as { id: string; kind: string; created_at: string }[]).find((r) => r.kind === 'demo_grant');
    expect(grant).toMatchObject({ id: rewards[0]?.id, created_at: rewards[0]?.created_at });
  });

  it('lists the running campaigns to anyone with the apikey', async () => {
    const res = await t.app.inject({ url: `/api/v1/campaigns?apikey=${DEFAULT_API_KEY}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { slug: string }[]).map((c) => c.slug)).toContain('newcomer-gift');
  });

  it('keeps every ledger invariant', async () => {
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('masks emails so the local part never shows whole', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('a***e@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
