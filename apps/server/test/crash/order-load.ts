import {
  cancelOrderResponse,
  DEFAULT_API_KEY,
  outboxResponse,
  placeOrderResponse,
  type CancelOrderResponse,
  type PlaceOrderResponse,
} from '@exchange/contract';
import type { Rng } from '../../src/shared/prng.js';
import type { Call } from './server-child.js';

const PASSWORD = 'crash-test-password-1';
const JSON_BODY = { 'content-type': 'application/json' };

export interface Trader {
  email: string;
  userId: string;
  uid: number;
  auth: Record<string, string>;
}

/** A POST /orders the server answered 2xx: the server says it happened, so it must survive a crash. */
export interface AckedPlace {
  trader: number;
  path: string;
  key?: string;
  side: 'buy' | 'sell';
  answer: PlaceOrderResponse;
}

export interface AckedCancel {
  trader: number;
  orderId: string;
  answer: CancelOrderResponse;
}

/** A keyed POST /orders that got no answer: after a restart its key must give it at most one order. */
export type UnansweredPlace = Omit<AckedPlace, 'answer'> & { key: string };

export interface LoadRecord {
  placed: AckedPlace[];
  canceled: AckedCancel[];
  /** Per trader: places whose outcome the client cannot know (no answer, or a 5xx). */
  unknown: number[];
  unansweredKeyed: UnansweredPlace[];
  /** 5xx answers: none is expected from a live server. */
  serverErrors: string[];
  /** 4xx answers by message (insufficient balance, an order filled before its cancel...). */
  refused: Map<string, number>;
}

function refuse(record: LoadRecord, status: number, body: string): void {
  let message = body;
  try {
    message = (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {
    // not JSON: the body itself says what went wrong
  }
  const key = `${status} ${message}`;
  record.refused.set(key, (record.refused.get(key) ?? 0) + 1);
}

export function emptyRecord(traders: number): LoadRecord {
  return { placed: [], canceled: [], unknown: Array(traders).fill(0), unansweredKeyed: [], serverErrors: [], refused: new Map() };
}

async function expectOk(call: Promise<{ status: number; body: string }>, what: string): Promise<string> {
  const res = await call;
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: HTTP ${res.status} ${res.body}`);
  return res.body;
}

/** Signs up through the HTTP API and verifies the email with the code read from the dev outbox. */
export async function signUpVerified(call: Call, email: string): Promise<Trader> {
  const signup = JSON.parse(
    await expectOk(
      call('POST', '/api/user_account/signup', JSON_BODY, JSON.stringify({ email, password: PASSWORD, confirm_password: PASSWORD })),
      `sign-up of ${email}`,
    ),
  ) as { user_id: string; token: string };
  const mails = outboxResponse.parse(
    JSON.parse(await expectOk(call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`), 'outbox')),
  );
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  await expectOk(call('POST', '/api/user_account/verify-otp', JSON_BODY, JSON.stringify({ email, otp: code })), 'verify-otp');
  const auth = { authorization: `Bearer ${signup.token}` };
  const info = JSON.parse(
    await expectOk(call('GET', `/api/user_account/getUserInformation/?user_id=${signup.user_id}`, auth), 'user information'),
  ) as { user: { uid: number } };
  return { email, userId: signup.user_id, uid: info.user.uid, auth };
}

export function orderPath(t: Trader, query: Record<string, string>): string {
  return `/api/v1/orders?${new URLSearchParams({ apikey: DEFAULT_API_KEY, uid: String(t.uid), coin_id: '1', ...query }).toString()}`;
}

export function cancelPath(orderId: string): string {
  return `/api/v1/orders/${orderId}?apikey=${DEFAULT_API_KEY}`;
}

export interface Touch {
  bid: number;
  ask: number;
}

/** The best BTC-USDT bid and ask, or null while a side is empty. */
export async function touch(call: Call): Promise<Touch | null> {
  const res = await call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=1');
  const book = (JSON.parse(res.body) as { data: { bids: string[][]; asks: string[][] }[] }).data[0];
  const bid = Number(book?.bids[0]?.[0]);
  const ask = Number(book?.asks[0]?.[0]);
  return bid > 0 && ask > 0 ? { bid, ask } : null;
}

/** Waits for the market maker to quote both sides (after a start it quotes on its first step). */
export async function quotedTouch(call: Call): Promise<Touch> {
  for (let i = 0; i < 300; i++) {
    const t = await touch(call);
    if (t) return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the market maker never quoted BTC-USDT');
}

const usdt = (p: number) => p.toFixed(2);
/** BTC's lot is 0.00001: 10 to 50 lots. */
const amount = (rng: Rng) => (Math.floor(10 + rng() * 41) / 100_000).toFixed(5);

export interface LoadPlan {
  call: Call;
  traders: Trader[];
  /** One seeded stream per trader, so each trader's choices do not depend on the interleaving. */
  rngs: Rng[];
  actionsPerTrader: number;
  killAfterAcked: number;
  kill: () => void;
  keyPrefix: string;
  record: LoadRecord;
}

const sideOf = (query: Record<string, string>) => query.order_type as 'buy' | 'sell';

type Action = { kind: 'place'; query: Record<string, string>; key?: string } | { kind: 'cancel'; orderId: string };

function nextAction(rng: Rng, at: Touch, open: string[], keyPrefix: string, n: number): Action {
  const roll = rng();
  if (roll < 0.2 && open.length > 0) {
    const orderId = open.splice(Math.floor(rng() * open.length), 1)[0] as string;
    return { kind: 'cancel', orderId };
  }
  const side = rng() < 0.5 ? 'buy' : 'sell';
  const size = amount(rng);
  const mid = (at.bid + at.ask) / 2;
  let query: Record<string, string>;
  if (roll < 0.45) {
    // Resting, up to 2 % behind the touch.
    const away = rng() * 0.02;
    query = { order_type: side, price: usdt(side === 'buy' ? at.bid * (1 - away) : at.ask * (1 + away)), amount: size };
  } else if (roll < 0.65) {
    // Inside the spread, where the traders meet each other rather than the market maker.
    query = { order_type: side, price: usdt(mid + (rng() - 0.5) * (at.ask - at.bid) * 0.8), amount: size };
  } else if (roll < 0.8) {
    // Across the spread: fills at once, any rest stays on the book.
    query = { order_type: side, price: usdt(side === 'buy' ? at.ask * 1.002 : at.bid * 0.998), amount: size };
  } else if (roll < 0.87) {
    query = {
      order_type: side,
      price: usdt(side === 'buy' ? at.ask * 1.001 : at.bid * 0.999),
      amount: size,
      time_in_force: 'IOC',
    };
  } else {
    query = { order_type: side, excecution_type: 'market', amount: size };
  }
  return { kind: 'place', query, key: rng() < 0.3 ? `${keyPrefix}-${n}` : undefined };
}

/**
 * Every trader runs its own sequence of orders and cancels over keep-alive HTTP; when
 * `killAfterAcked` places have been acknowledged, `kill()` is called and no new request starts.
 * Answers that arrive after the kill still count: the server sent them.
 */
export async function runLoad(plan: LoadPlan): Promise<{ killed: boolean }> {
  const { call, traders, record } = plan;
  let latest: Touch = await quotedTouch(call);
  let killed = false;
  const refresh = setInterval(() => {
    if (!killed) touch(call).then((t) => (latest = t ?? latest), () => undefined);
  }, 200);

  const trade = async (index: number) => {
    const t = traders[index] as Trader;
    const rng = plan.rngs[index] as Rng;
    const open: string[] = [];
    for (let n = 0; n < plan.actionsPerTrader && !killed; n++) {
      const action = nextAction(rng, latest, open, `${plan.keyPrefix}-${index}`, n);
      if (action.kind === 'cancel') {
        let res;
        try {
          res = await call('DELETE', cancelPath(action.orderId), t.auth);
        } catch {
          continue;
        }
        if (res.status >= 200 && res.status < 300) {
          record.canceled.push({ trader: index, orderId: action.orderId, answer: cancelOrderResponse.parse(JSON.parse(res.body)) });
        } else if (res.status >= 500) record.serverErrors.push(`DELETE ${action.orderId}: ${res.status} ${res.body}`);
        else refuse(record, res.status, res.body);
        continue;
      }
      const path = orderPath(t, action.query);
      const headers = action.key ? { ...t.auth, 'idempotency-key': action.key } : t.auth;
      let res;
      try {
        res = await call('POST', path, headers);
      } catch {
        record.unknown[index] = (record.unknown[index] ?? 0) + 1;
        if (action.key) record.unansweredKeyed.push({ trader: index, path, key: action.key, side: sideOf(action.query) });
        continue;
      }
      if (res.status >= 200 && res.status < 300) {
        const answer = placeOrderResponse.parse(JSON.parse(res.body));
        record.placed.push({ trader: index, path, key: action.key, side: sideOf(action.query), answer });
        if (answer.status === 'pending' || answer.status === 'partially filled') open.push(answer.order_id);
        if (!killed && record.placed.length >= plan.killAfterAcked) {
          killed = true;
          plan.kill();
        }
      } else if (res.status >= 500) {
        record.unknown[index] = (record.unknown[index] ?? 0) + 1;
        record.serverErrors.push(`POST ${path}: ${res.status} ${res.body}`);
      } else refuse(record, res.status, res.body);
    }
  };

  try {
    await Promise.all(traders.map((_, i) => trade(i)));
  } finally {
    clearInterval(refresh);
  }
  return { killed };
}

/** A market buy per trader, so each has BTC to sell; recorded like any acknowledged order. */
export async function fundWithBtc(call: Call, traders: Trader[], record: LoadRecord): Promise<void> {
  await quotedTouch(call);
  await Promise.all(
    traders.map(async (t, trader) => {
      const path = orderPath(t, { order_type: 'buy', excecution_type: 'market', amount: '0.03', total_in_usdt: '3000' });
      const answer = placeOrderResponse.parse(JSON.parse(await expectOk(call('POST', path, t.auth), 'funding buy')));
      if (!(Number(answer.filled_amount) > 0)) throw new Error(`funding buy filled nothing: ${JSON.stringify(answer)}`);
      record.placed.push({ trader, path, side: 'buy', answer });
    }),
  );
}
