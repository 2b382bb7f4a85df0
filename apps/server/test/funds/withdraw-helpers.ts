import { expect } from 'vitest';
import { DEFAULT_API_KEY, submitWithdrawalResponse, withdrawalHistoryResponse } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, latestCode } from '../helpers.js';
import type { TestUser } from '../trading/trading-helpers.js';

/** A TRON address from the TRON docs (a real account): a valid TRC20 destination. */
export const TRON_DESTINATION = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

export async function balanceOf(app: App, owner: string, asset: string, wallet: 'spot' | 'funding'): Promise<{ available: string; locked: string }> {
  const row = (await balancesOf(app.services.db, owner)).find((b) => b.asset === asset && b.wallet === wallet);
  return { available: new Dec(row?.available ?? '0').toFixed(), locked: new Dec(row?.locked ?? '0').toFixed() };
}

/** The spec's call alone: the withdrawal is stored unconfirmed, holding nothing, and a code is mailed. */
export function submitUnconfirmed(app: App, u: TestUser, query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams({ apikey: DEFAULT_API_KEY, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  return app.inject({ method: 'POST', url: `/api/v1/submit-withdrawal?${params.toString()}`, headers: { ...bearer(u.token), ...headers } });
}

/** The second step: the code mailed to the user (the newest mail), and the authenticator's when given. */
export async function confirmWithdrawal(app: App, u: TestUser, id: string, totpCode?: string, emailCode?: string) {
  const code = emailCode ?? (await latestCode(app, u.email));
  return app.inject({
    method: 'POST',
    url: `/api/v1/withdrawals/${id}/confirm`,
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, email_code: code, ...(totpCode === undefined ? {} : { totp_code: totpCode }) },
  });
}

/**
 * A whole withdrawal as a user makes it: submitted, then confirmed with the mailed code (and
 * `totp_code` of the query, the authenticator's). Answers the refusal of the first step that
 * refused, else the confirmation's answer (200 with the held withdrawal).
 */
export async function submit(app: App, u: TestUser, query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const { totp_code: totpCode, ...fields } = query;
  const first = await submitUnconfirmed(app, u, fields, headers);
  if (first.statusCode !== 201) return first;
  const { withdrawal } = submitWithdrawalResponse.parse(first.json());
  return confirmWithdrawal(app, u, withdrawal.id, totpCode === undefined ? undefined : String(totpCode));
}

export async function withdrawals(app: App, u: TestUser) {
  const res = await app.inject({ url: `/api/v1/transaction-history/${u.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=withdraw`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return withdrawalHistoryResponse.parse(res.json());
}

/** Each withdrawal's confirmation code as mailed to the user, by withdrawal id (the mail names it). */
export async function mailedWithdrawalCodes(app: App, email: string): Promise<Map<string, string>> {
  await app.services.background.idle();
  const res = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const codes = new Map<string, string>();
  for (const mail of res.json() as { text: string }[]) {
    const id = /^Withdrawal: ([0-9a-f-]{36})$/m.exec(mail.text)?.[1];
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (id && code && !codes.has(id)) codes.set(id, code);
  }
  return codes;
}
