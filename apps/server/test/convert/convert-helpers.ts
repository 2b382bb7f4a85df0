import { expect } from 'vitest';
import { DEFAULT_API_KEY, conversionResponse, convertQuoteResponse, type ConvertQuoteResponse } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer } from '../helpers.js';
import type { TestUser } from '../trading/trading-helpers.js';

export async function quote(app: App, from: string, to: string, amount: string): Promise<ConvertQuoteResponse> {
  const res = await app.inject({ url: `/api/v1/convert/quote?apikey=${DEFAULT_API_KEY}&from=${from}&to=${to}&amount=${amount}` });
  expect(res.statusCode, res.body).toBe(200);
  return convertQuoteResponse.parse(res.json());
}

export function convert(app: App, user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/conversions',
    headers: { ...bearer(user.token), ...headers },
    payload: { apikey: DEFAULT_API_KEY, uid: user.uid, ...body },
  });
}

export async function convertAtQuote(app: App, user: TestUser, q: ConvertQuoteResponse) {
  const res = await convert(app, user, {
    convert_from: q.convert_from,
    convert_to: q.convert_to,
    amount: q.amount,
    converted_amount: q.converted_amount,
    quote_id: q.quote_id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return conversionResponse.parse(res.json());
}

/** A user's (or the desk's) spot balance of one asset: available. */
export async function spotBalance(app: App, owner: string, asset: string): Promise<Dec> {
  const row = (await balancesOf(app.services.db, owner)).find((b) => b.asset === asset && b.wallet === 'spot');
  return new Dec(row?.available ?? '0');
}

export async function conversionEntries(app: App, userId: string): Promise<number> {
  const res = await app.services.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM journal_transactions WHERE kind = 'conversion' AND user_id = $1`, [userId]);
  return Number(res.rows[0]?.n ?? 0);
}
