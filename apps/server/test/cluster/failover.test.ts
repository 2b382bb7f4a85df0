import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, orderHistoryResponse, placeOrderResponse } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { rngFor } from '../../src/shared/prng.js';
import { ackedOrderProblems, fillTradeProblems, holdProblems, ordersOf } from '../crash/crash-checks.js';
import { emptyRecord, fundWithBtc, orderPath, quotedTouch, runLoad, signUpVerified, type Trader } from '../crash/order-load.js';
import { startCluster, type ClusterUnderTest, type Member } from './cluster-processes.js';
import { outcomeOf, probeOrders, ReconnectingSocket, watchTakeover, type ProbeCall, type Takeover } from './failover-probes.js';

/**
 * Issue 19's failover: three server processes on one PostgreSQL database, NATS and Redis; several
 * users place and cancel orders through every process; the process that owns the venues is killed
 * (SIGKILL), or paused (SIGSTOP) past its lease and then resumed. Another takes the venues within
 * 5 s, every acknowledged order is in the database with its answered status and on the new owner's
 * book, none is placed twice, and the ledger has no breach. Issue 14's: other users send orders
 * straight to the followers all along, and each is answered within the takeover plus a second, and
 * truly; the load's traders keep a private socket, which reconnects when its process dies.
 */
const TRADERS = 4;
const PROBERS = 4;
const ACTIONS_PER_TRADER = 45;
const TAKEOVER_MS = 5_000;
/** The bound on any answer's wait beyond the takeover measured in the same run (issue 14 #10). */
const ANSWER_AFTER_TAKEOVER_MS = 1_000;
/** Probes go on until they got an answer to a call sent this long after the venues answered again. */
const PROBE_AFTER_TAKEOVER_MS = 1_000;
const UPDATE_MS = 10_000;
const HOOK_MS = 240_000;
const STEP_MS = 60_000;

/** Every order the history shows open is on the owner's book: a buy at its price among the bids, a sell among the asks. */
async function missingFromBook(owner: Member, traders: Trader[]): Promise<string[]> {
  const res = await owner.call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=400');
  const book = (JSON.parse(res.body) as { data: { bids: string[][]; asks: string[][] }[] }).data[0];
  const bids = new Set((book?.bids ?? []).map((l) => Number(l[0])));
  const asks = new Set((book?.asks ?? []).map((l) => Number(l[0])));
  const missing: string[] = [];
  for (const [i, t] of traders.entries()) {
    const history = await owner.call('GET', `/api/v1/order-history/${t.uid}?apikey=${DEFAULT_API_KEY}&limit=500`, t.auth);
    for (const o of orderHistoryResponse.parse(JSON.parse(history.body))) {
      if (o.status !== 'pending' && o.status !== 'partially filled') continue;
      if (o.excecution_type !== 'limit') continue;
      const price = Number(o.price);
      if (!(o.order_type === 'buy' ? bids : asks).has(price)) missing.push(`trader ${i}: open ${o.order_type} ${o.order_id} at ${o.price}`);
    }
  }
  return missing;
}

describe.each(['SIGKILL', 'SIGSTOP'] as const)('the venue owner %s under order load, three processes', (how) => {
  let cluster: ClusterUnderTest;
  const traders: Trader[] = [];
  const probers: Trader[] = [];
  const record = emptyRecord(TRADERS);
  const probes: ProbeCall[] = [];
  const sockets: ReconnectingSocket[] = [];
  let old: Member;
  let takeover: Takeover | null = null;
  let epochBefore = 0;

  beforeAll(async () => {
    cluster = await startCluster(3);
    old = await cluster.settledOwner();
    epochBefore = (await cluster.owner()).epoch;
    const signUp = (name: string) => signUpVerified(cluster.call, `${how.toLowerCase()}.${name}@example.com`);
    traders.push(...(await Promise.all(Array.from({ length: TRADERS }, (_, i) => signUp(`${i}`)))));
    probers.push(...(await Promise.all(Array.from({ length: PROBERS }, (_, i) => signUp(`probe${i}`)))));
    await fundWithBtc(cluster.call, traders, record);
    // On the owner: the kill closes them, and each reconnects at once to the survivors in turn.
    sockets.push(...traders.map((t, i) => new ReconnectingSocket(cluster, t, old, i)));
    await Promise.all(sockets.map((s) => s.whenReady()));
    const followers = cluster.members.filter((m) => m !== old);
    const touch = await quotedTouch(old.call);
    let watching: Promise<void> = Promise.resolve();
    let loadEndedUnstopped = false;
    const probing = probeOrders(
      probers,
      (i) => followers[i % followers.length] as Member,
      (Math.floor(touch.bid * 0.5) + 0.37).toFixed(2),
      `probe-${how}`,
      (sentAt) => (takeover !== null && sentAt >= takeover.servingAt + PROBE_AFTER_TAKEOVER_MS) || loadEndedUnstopped,
      probes,
    );
    const { killed } = await runLoad({
      call: cluster.call,
      traders,
      rngs: traders.map((_, i) => rngFor('failover', how, `trader-${i}`)),
      actionsPerTrader: ACTIONS_PER_TRADER,
      killAfterAcked: 40,
      kill: () => {
        const at = Date.now();
        if (how === 'SIGKILL') {
          old.down = true;
          old.server.kill();
        } else {
          old.down = true;
          old.server.signal('SIGSTOP');
        }
        watching = watchTakeover(cluster, old, at).then(async (t) => {
          takeover = t;
          if (how === 'SIGSTOP') {
            // Paused well past its lease, it wakes up to find the venues gone.
            await new Promise((r) => setTimeout(r, 1_000));
            old.server.signal('SIGCONT');
            old.down = false;
          }
        });
      },
      keyPrefix: `failover-${how}`,
      record,
    });
    loadEndedUnstopped = !killed;
    await watching;
    await probing;
    if (!killed) throw new Error(`the load ended before the owner was stopped: ${JSON.stringify([...record.refused])}`);
    // The keyed calls the kill cut off are sent again: each now stands for one order.
    for (const u of record.unansweredKeyed) {
      const t = traders[u.trader] as Trader;
      const res = await cluster.call('POST', u.path, { ...t.auth, 'idempotency-key': u.key });
      if (res.status === 200) {
        record.placed.push({ ...u, answer: placeOrderResponse.parse(JSON.parse(res.body)) });
        record.unknown[u.trader] = (record.unknown[u.trader] ?? 0) - 1;
      }
    }
  }, HOOK_MS);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  }, HOOK_MS);

  const takeoverOf = () => {
    if (!takeover) throw new Error('no takeover was watched');
    return takeover;
  };

  it(`issue 14 #11: hands the venues to another process, answering venue calls again, within ${TAKEOVER_MS / 1000} s`, async () => {
    const t = takeoverOf();
    expect(t.servingAt - t.stoppedAt).toBeLessThan(TAKEOVER_MS);
    const { member, epoch } = await cluster.owner();
    expect(member).not.toBe(old);
    expect(epoch).toBeGreaterThan(epochBefore);
  }, STEP_MS);

  it('issue 14 #10: answers every order sent to a follower, those in flight at the stop included, within the takeover plus one second', () => {
    const t = takeoverOf();
    const bound = t.servingAt - t.stoppedAt + ANSWER_AFTER_TAKEOVER_MS;
    const inFlight = probes.filter((p) => p.sentAt <= t.stoppedAt && p.answeredAt > t.stoppedAt);
    expect(inFlight.length, 'no probe was in flight when the owner stopped').toBeGreaterThan(0);
    const late = probes.filter((p) => p.answeredAt - p.sentAt > bound);
    expect(late.map((p) => `sent ${p.sentAt - t.stoppedAt} ms after the stop to member ${p.via}: ${p.status} after ${p.answeredAt - p.sentAt} ms`), `takeover ${bound - ANSWER_AFTER_TAKEOVER_MS} ms`).toEqual([]);
    const statuses = new Set(probes.map((p) => `${p.status} ${p.code ?? ''}`.trim()));
    expect([...statuses].filter((s) => !['200', '503 VENUE_MOVED', '504 OUTCOME_UNKNOWN'].includes(s))).toEqual([]);
  });

  it('issue 14 #10: answers each order truly: placed is placed, refused is not, and an unknown outcome is told by the Idempotency-Key read', async () => {
    const problems: string[] = [];
    const rows = await ordersOf(cluster.db, probers);
    const accounted = new Set<string>();
    for (const p of probes) {
      const t = probers[p.trader] as Trader;
      if (p.status === 200) {
        accounted.add(p.orderId as string);
        if (!rows.has(p.orderId as string)) problems.push(`${p.key ?? 'unkeyed'}: answered placed as ${p.orderId}, which is missing`);
      }
      if (p.key === null) continue;
      if (p.status === 504) await new Promise((r) => setTimeout(r, Math.max(0, p.answeredAt + (p.retryAfterSeconds ?? 0) * 1000 - Date.now())));
      const read = await outcomeOf(cluster, t, p.key);
      if (read.outcome === 'running') problems.push(`${p.key}: still running after the takeover`);
      if (p.status === 200 && (read.outcome !== 'done' || read.answer?.order_id !== p.orderId)) problems.push(`${p.key}: answered placed, read ${JSON.stringify(read)}`);
      if (p.status === 503 && read.outcome !== 'none') problems.push(`${p.key}: answered ${p.code} (nothing done), read ${JSON.stringify(read)}`);
      if (p.status === 504 && read.outcome === 'done') {
        const id = String(read.answer?.order_id);
        accounted.add(id);
        if (!rows.has(id)) problems.push(`${p.key}: read placed as ${id}, which is missing`);
      }
    }
    // An order nobody was told of can only come from a call without a key whose outcome was unknown.
    probers.forEach((t, i) => {
      const unknown = probes.filter((p) => p.trader === i && p.key === null && p.status === 504).length;
      const untold = [...rows.values()].filter((r) => r.user_id === t.userId && !accounted.has(r.id)).map((r) => r.id);
      if (untold.length > unknown) problems.push(`prober ${i} has orders ${untold.join(', ')} no answer told of (${unknown} unkeyed answers were unknown)`);
    });
    expect(problems).toEqual([]);
  }, STEP_MS);

  it('answers no order with an error other than "send it again" or, for a call the stopped owner had taken, "outcome unknown"', () => {
    // What the processes logged of failed batches explains an unexpected answer (their output is kept until they stop).
    const failures = cluster.members.flatMap((m) => m.server.output().split('\n').filter((line) => line.includes('ledger batch failed')));
    expect(record.serverErrors.filter((e) => !e.includes('VENUE_MOVED') && !e.includes('OUTCOME_UNKNOWN')), failures.join('\n')).toEqual([]);
  });

  it('issue 14 #12: private order updates reach every trader’s socket after the takeover, one that reconnected to a follower included', async () => {
    const owner = await cluster.settledOwner();
    if (how === 'SIGKILL') expect(sockets.some((s) => s.reconnects > 0 && s.member !== owner)).toBe(true);
    const missed: string[] = [];
    for (const [i, s] of sockets.entries()) {
      await s.whenReady();
      const t = traders[i] as Trader;
      // Sent through another process than the socket's, so the update crosses NATS when the socket is on a follower.
      const via = cluster.members.find((m) => !m.down && m !== s.member) as Member;
      const res = await via.call('POST', orderPath(t, { order_type: 'buy', price: '1000.00', amount: '0.00010' }), t.auth);
      expect(res.status, res.body).toBe(200);
      const placed = placeOrderResponse.parse(JSON.parse(res.body));
      record.placed.push({ trader: i, path: '', side: 'buy', answer: placed });
      if (!(await s.sees(placed.order_id, UPDATE_MS))) missed.push(`trader ${i}'s socket on member ${s.member.index} (owner ${owner.index}, ${s.reconnects} reconnections)`);
    }
    expect(missed).toEqual([]);
    expect(sockets.flatMap((s) => s.malformed)).toEqual([]);
  }, STEP_MS);

  it('keeps every acknowledged order with its answered status, once, on the new owner’s book', async () => {
    const owner = await cluster.settledOwner();
    const rows = await ordersOf(cluster.db, traders);
    expect(record.placed.length).toBeGreaterThanOrEqual(40);
    expect(ackedOrderProblems(rows, record, traders)).toEqual([]);
    expect(await holdProblems(cluster.db, rows, traders)).toEqual([]);
    expect(await missingFromBook(owner, traders)).toEqual([]);
  }, STEP_MS);

  it('places a retried order once: the same key answers the first answer', async () => {
    const keyed = record.placed.filter((p) => p.key);
    expect(keyed.length).toBeGreaterThan(0);
    for (const p of keyed.slice(0, 10)) {
      const t = traders[p.trader] as Trader;
      const res = await cluster.call('POST', p.path, { ...t.auth, 'idempotency-key': p.key as string });
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body)).toEqual(p.answer);
    }
  }, STEP_MS);

  if (how === 'SIGSTOP') {
    it('the paused owner, resumed, has stepped down and sends its venue calls to the new owner', async () => {
      const deadline = Date.now() + 10_000;
      while (!old.server.output().includes('venue lease lost') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(old.server.output()).toContain('venue lease lost');
      expect((await cluster.owner()).member).not.toBe(old);
      const t = traders[0] as Trader;
      const res = await old.call('POST', orderPath(t, { order_type: 'buy', price: '1000.00', amount: '0.00010' }), t.auth);
      expect(res.status, res.body).toBe(200);
      const placed = placeOrderResponse.parse(JSON.parse(res.body));
      record.placed.push({ trader: 0, path: '', side: 'buy', answer: placed });
      const owner = await cluster.settledOwner();
      expect(await missingFromBook(owner, traders)).toEqual([]);
    }, STEP_MS);
  }

  it('stops cleanly, leaving a ledger with no breach and every fill with its trade', async () => {
    await cluster.settledOwner();
    await cluster.stopProcesses();
    expect(await checkLedger(cluster.db)).toEqual([]);
    expect((await fillTradeProblems(cluster.db)).problems).toEqual([]);
  }, STEP_MS);
});
