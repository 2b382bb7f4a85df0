import { cpus } from 'node:os';
import { DEFAULT_OWNER_ORDER_CONNECTIONS } from '../apps/server/src/cluster/launcher-env.js';
import type { LoadResult } from './http-load.js';
import { pairedChange, verdictOf, type PairedChange } from './paired-change.js';
import type { FanoutResult } from './ws-lag.js';

export interface OrderRun {
  target: string;
  round: number;
  /** Orders in flight: one per keep-alive connection. */
  connections: number;
  result: LoadResult;
  /** Each process's CPU over the window, in % of one core: the owner first. */
  cpu: number[];
  cpuUsPerOrder: number;
  /** The owner's part: every order is matched and written there, wherever it came in. */
  ownerUsPerOrder: number;
  machineBusy: number;
}

export interface FanoutRun {
  deployment: string;
  result: FanoutResult;
}

export interface ClusterBenchData {
  seconds: number;
  /** The order load's levels, orders in flight: bench:orders' own, then enough to keep the owner's writes busy. */
  inFlight: number[];
  rounds: number;
  users: number;
  clientSteps: number[];
  lagBoundMs: number;
  loadStart: number;
  loadEnd: number;
  /** The commit the servers ran, and whether the tree differed from it. */
  build: string;
  /** single process, cluster of 1, cluster of 2: the websocket sweep's columns. */
  deployments: string[];
  /** The order load's columns: the deployments, then the cluster of 2 with its order connections dealt in turn. */
  targets: string[];
  orderRuns: OrderRun[];
  fanoutRuns: FanoutRun[];
  idle: Map<string, number[]>;
  ledger: Map<string, string>;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/** The loss a second process may show and still count as keeping the rate: the issue asks it not to lose any, and this machine cannot resolve less. */
const MARGIN = 0.1;
const pct = (n: number) => `${n.toFixed(0)} %`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The section "Cluster: one process against two (issue 19)" of docs/benchmarks.md. */
export function clusterReport(d: ClusterBenchData): string {
  const [single = '', one = '', two = ''] = d.deployments;
  const dealt = d.targets[3] ?? '';
  const [light = 0] = d.inFlight;
  const heavy = d.inFlight.at(-1) ?? light;
  const runsOf = (name: string, level = light) => d.orderRuns.filter((r) => r.target === name && r.connections === level);
  const medianOf = (name: string, of: (r: OrderRun) => number, level = light) => median(runsOf(name, level).map(of));
  const perSecond = (r: OrderRun) => r.result.perSecond;
  const ownerUs = (r: OrderRun) => r.ownerUsPerOrder;
  const fanoutOf = (name: string) => d.fanoutRuns.filter((r) => r.deployment === name);
  const served = (name: string) => {
    const ok = fanoutOf(name).filter((r) => r.result.p99 < d.lagBoundMs).map((r) => r.result.clients);
    if (ok.length === 0) return `fewer than ${fmt(Math.min(...fanoutOf(name).map((r) => r.result.clients)))}`;
    const best = Math.max(...ok);
    return best === Math.max(...d.clientSteps) ? `${fmt(best)} or more` : fmt(best);
  };
  const lagCell = (name: string, clients: number) => {
    const r = fanoutOf(name).find((x) => x.result.clients === clients)?.result;
    if (!r) return '—';
    // A window in which the book never changed tells nothing of the lag; it still ends that configuration's sweep.
    return r.pushes === 0 ? 'no push' : `${fmt(r.p99)} (p50 ${fmt(r.p50)}, ${r.perClientPerSecond.toFixed(2)}/s)`;
  };
  /** A change as a signed percentage; rounded first, so that a small loss does not print as "-0 %". */
  const signed = (x: number, digits = 0) => {
    const percent = Number((x * 100).toFixed(digits));
    return `${percent >= 0 ? '+' : ''}${percent.toFixed(digits)} %`;
  };
  /** What the second process did to `what`, as a sentence's verb phrase. */
  const outcome = (c: PairedChange, what: string) => {
    const v = verdictOf(c, MARGIN);
    return v === 'could not tell' ? `this run **could not tell** whether the second process kept ${what}` : `the second process **${v}** ${what}`;
  };
  /** Each round's rate of `target` against one clustered process's in the same round: they ran side by side. */
  const pairedOf = (rate: (name: string, round: number) => number | undefined, target: string): PairedChange => {
    const rounds = [...new Set(d.orderRuns.map((r) => r.round))].flatMap((round) => {
      const base = rate(one, round);
      const next = rate(target, round);
      return base !== undefined && next !== undefined ? [{ base, next }] : [];
    });
    return pairedChange(rounds);
  };
  const rateAt = (level: number) => (name: string, round: number) =>
    d.orderRuns.find((r) => r.target === name && r.connections === level && r.round === round)?.result.perSecond;
  /** A round's capacity: the highest rate of that round over the loads. */
  const capacityIn = (name: string, round: number) => {
    const rates = d.orderRuns.filter((r) => r.target === name && r.round === round).map(perSecond);
    return rates.length > 0 ? Math.max(...rates) : undefined;
  };
  const changeAt = (level: number, target = two) => pairedOf(rateAt(level), target);
  // Bounds to a tenth of a percent: one rounded to the margin would not show which side of it it lies.
  const interval = (c: PairedChange) =>
    c.low === null || c.high === null ? 'one round: no interval' : `95 % interval ${signed(c.low, 1)} to ${signed(c.high, 1)}`;
  const described = (c: PairedChange) => `each round ${c.changes.map((x) => signed(x)).join(', ')}; mean ${signed(c.mean)}, ${interval(c)}`;
  const levelVerdict = (level: number) => {
    const c = changeAt(level);
    return `With ${level} orders in flight, against one clustered process, ${outcome(c, 'order throughput')} (${described(c)}; order connections dealt in turn: mean ${signed(changeAt(level, dealt).mean)}); medians ${fmt(medianOf(two, perSecond, level))} orders/s with two, ${fmt(medianOf(one, perSecond, level))} with one, ${fmt(medianOf(single, perSecond, level))} for today's single process`;
  };
  /** The highest median over the loads: what the configuration carries once enough orders are in flight. */
  const capacityOf = (name: string) => Math.max(...d.inFlight.map((level) => medianOf(name, perSecond, level)));
  const capacityVerdict = () => {
    const c = pairedOf(capacityIn, two);
    return `**Capacity, each round's highest rate over the loads:** ${outcome(c, 'it')} (${described(c)}; order connections dealt in turn: mean ${signed(pairedOf(capacityIn, dealt).mean)}); highest medians ${fmt(capacityOf(two))} orders/s with two, ${fmt(capacityOf(one))} with one, ${fmt(capacityOf(single))} for today's single process`;
  };
  const perLevel = (label: (level: number) => string, cell: (name: string, level: number) => string) =>
    d.inFlight.map((level) => row(label(level), (n) => cell(n, level))).join('\n');
  const row = (label: string, cell: (name: string) => string) => `| ${label} | ${d.targets.map(cell).join(' | ')} |`;
  const ifDeployed = (cell: (name: string) => string) => (name: string) => (d.deployments.includes(name) ? cell(name) : '—');

  return `
Run with \`npm run bench:cluster\` (bench/cluster.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}, build ${d.build}; PostgreSQL, NATS and Redis on the same machine. Load
average (1 min) at the start ${d.loadStart.toFixed(2)}, at the end ${d.loadEnd.toFixed(2)}: the machine is shared, so compare the columns of
this run, not figures of other sections.

Four configurations, each on a fresh PostgreSQL database, all started before the first measurement and
up for the whole run: **${single}** (today's server, \`DATABASE_URL\` only), **${one}**
(\`npm run start:cluster\` with \`WORKERS=1\`: NATS and Redis on, a \`CLUSTER_NAME\` of its own) and
**${two}** (the same with \`WORKERS=2\`: the owner holds the venue lease and runs every matching engine,
the follower forwards the order calls it gets to the owner over NATS request-reply and relays its
market data). The clusters take their connections on the launcher's one port, and it deals them
(apps/server/src/cluster/front.ts): websockets and other calls to the workers in turn, connections
that open with an order call to the venues' owner, up to \`OWNER_ORDER_CONNECTIONS\` (${DEFAULT_OWNER_ORDER_CONNECTIONS}) of them,
then in turn. **${dealt}** is the two-process cluster with \`OWNER_ORDER_CONNECTIONS=0\`, every
connection dealt in turn, so half the orders cross NATS: what forwarding costs, and what a proxy that
knows nothing of the owner gives. The configurations take turns (A B C D, then D C B A).

**How the verdicts below are reached.** The machine's speed drifts by up to a third between rounds
(its neighbours), more than the differences sought, so each configuration is compared with one
clustered process **in the same round**, measured minutes apart at most: each round gives one
ratio, and the verdict reads the mean of the ${d.rounds} ratios and its 95 % interval (Student's t over the rounds,
bench/paired-change.ts). A second process **kept** the rate when the whole interval lies above
−${MARGIN * 100} % (any loss, if there is one, under a tenth: this machine resolves no finer), **gained** it when
the interval lies above zero, **lost** it when the interval lies below zero and reaches past
−${MARGIN * 100} %; otherwise the run **could not tell**.

- **Orders**: bench:orders' load (bench/order-traffic.ts): ${d.users} new users per run sign up through the
  API and buy some BTC, then keep-alive connections (one request in flight each) send
  \`POST /api/v1/orders\` on BTC-USDT for ${d.seconds} s after a 2 s warm-up: limit orders of 0.00005 BTC,
  four in five resting 5-15 % from the touch, one in five crossing. ${d.rounds} rounds, each at ${d.inFlight.join(', then ')}
  orders in flight: ${light} as bench:orders sends them, then more, up to ${heavy}, so that each
  configuration's capacity (the highest rate it reaches at any of these loads) shows as well as its
  latency. A closed loop of ${light} waits for each answer, so a forwarded order's extra hop lowers its
  rate even with cores to spare. The sign-ups' connections are closed before the load, and the
  warm-up's before the measured window, so that idle connections do not hold the owner's share.
- **Websockets**: bench:ws' measure (bench/ws-lag.ts): clients subscribed to \`books5\` BTC-USDT
  for ${d.seconds} s (after 2 s); lag = receive time − the push's \`ts\` (the wall time of the engine's
  first change in it, on the owner; one machine clock, so valid across processes). Steps of
  ${d.clientSteps.map(fmt).join(', ')} clients; a configuration leaves the sweep at its first step whose p99
  reaches ${d.lagBoundMs} ms. The clients all run in the bench process, on the same two cores.

| | ${d.targets.join(' | ')} |
| --- | ${d.targets.map(() => '---:').join(' | ')} |
${perLevel(
  (level) => `orders/s, ${level} in flight, each round`,
  (n, level) =>
    runsOf(n, level)
      .map((r) => fmt(r.result.perSecond))
      .join(', '),
)}
${perLevel(
  (level) => `orders p99 ms, ${level} in flight, each round`,
  (n, level) =>
    runsOf(n, level)
      .map((r) => r.result.p99.toFixed(1))
      .join(', '),
)}
${perLevel(
  (level) => `**median orders/s, ${level} in flight**`,
  (n, level) => `**${fmt(medianOf(n, perSecond, level))}**`,
)}
${row('**capacity: highest median orders/s**', (n) => `**${fmt(capacityOf(n))}**`)}
${perLevel(
  (level) => `change from ${one}, ${level} in flight, each round (mean)`,
  (n, level) => {
    if (n === one) return '—';
    const c = changeAt(level, n);
    return `${c.changes.map((x) => signed(x)).join(', ')} (${signed(c.mean)})`;
  },
)}
${perLevel(
  (level) => `owner CPU µs per order, ${level} in flight, median`,
  (n, level) => fmt(medianOf(n, ownerUs, level)),
)}
${row(`**websocket clients served at books5 p99 lag < ${d.lagBoundMs} ms**`, ifDeployed((n) => `**${served(n)}**`))}
${row('CPU at rest, % of one core (owner first)', (n) => (d.idle.get(n) ?? []).map(pct).join(' + ') || '—')}
${row('ledger check after the run', (n) => d.ledger.get(n) ?? '—')}

Orders, window by window (CPU from /proc over the measured window, in % of one core, the owner first;
"machine busy" is the share of both cores in use, whoever used it):

| round | in flight | configuration | orders/s | p50 ms | p99 ms | max ms | process CPU | server CPU µs/order | owner µs/order | machine busy | orders answered |
| ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |
${d.orderRuns
  .map(
    (r) =>
      `| ${r.round + 1} | ${r.connections} | ${r.target} | ${fmt(r.result.perSecond)} | ${r.result.p50.toFixed(1)} | ${r.result.p99.toFixed(1)} | ${r.result.max.toFixed(1)} | ${r.cpu.map(pct).join(' + ')} | ${fmt(r.cpuUsPerOrder)} | ${fmt(r.ownerUsPerOrder)} | ${pct(r.machineBusy * 100)} | ${fmt(r.result.requests)} (non-2xx ${fmt(r.result.non2xx)}, errors ${fmt(r.result.errors)}) |`,
  )
  .join('\n')}

Websocket lag on books5, p99 ms (p50, pushes per client per second):

| clients | ${d.deployments.join(' | ')} |
| ---: | ${d.deployments.map(() => '---').join(' | ')} |
${[...new Set(d.fanoutRuns.map((r) => r.result.clients))]
  .map((c) => `| ${fmt(c)} | ${d.deployments.map((n) => lagCell(n, c)).join(' | ')} |`)
  .join('\n')}

**What this run says.**

${d.inFlight.map((level) => `- ${levelVerdict(level)}.`).join('\n')}
- ${capacityVerdict()}.
- Websocket clients served under ${d.lagBoundMs} ms: ${served(two)} with two processes against ${served(one)} with one (${served(single)} for the single process).

- **What bounds the rate.** The owner runs every matching engine and writes one ledger statement at
  a time (apps/server/src/ledger/ledger.ts, \`drain\`), so its orders/s is orders per batch ÷ the
  time a batch takes. With ${light} in flight, the orders travelling through a follower and NATS are
  not in the owner's queue when a batch starts, so they wait for the next one: the hop costs rate even
  with cores to spare (median p50 ${medianOf(one, (r) => r.result.p50).toFixed(1)} ms with one process, ${medianOf(two, (r) => r.result.p50).toFixed(1)} ms with two and the
  owner's share of order connections, ${medianOf(dealt, (r) => r.result.p50).toFixed(1)} ms with them dealt in turn). That is why the launcher
  hands order connections to the owner first. With more in flight the batches fill, and the rate
  stops where the owner's event loop or the shared cores do: compare "process CPU" (one core is 100 %)
  and "machine busy" in the table above. Past the owner's share the launcher deals order connections
  in turn, so that the follower takes the HTTP side of those orders off the owner's core.

- **Every order is matched and written on the owner, wherever it came in.** An order call
  (\`POST /api/v1/orders\`, a cancel) is parsed, authenticated and checked by the process that took
  it; a follower then sends the checked request over NATS request-reply
  (apps/server/src/cluster/spot-calls.ts), and the owner places it in its own ledger batches and
  answers in JSON. (The other venue routes still send the whole HTTP call, which the owner replays
  through Fastify's \`inject\`.) What a follower takes off the owner is the HTTP side of its share of
  the orders: in "Stop 9" (benchmarks-history.md), taking a request in and replying were about 80 µs of a direct order's
  170 or so. What it adds: a NATS request on each side (JSON and zod both ways), the NATS server
  carrying every call twice, and on every follower the decoding of every batch's trades (candles,
  tickers and the coin list follow the owner everywhere), a cost per order of the whole cluster on
  each follower. Each batch crosses NATS as one message; a process parses a user's order and fill
  updates in it only while that user's private socket is logged in there (none in this load). An
  order connection the launcher hands to the owner pays none of this.
- **On two shared cores, the CPU an order costs in all processes together decides.** Once both cores
  are full ("machine busy" near 100 %), the server processes of a configuration together get a share
  of them, not a core each (process CPU column); the rest goes to PostgreSQL, NATS, Redis, the load
  generator and the neighbours. A forwarded order still costs the owner most of what a direct one does (owner
  µs per order, medians at ${light} in flight: ${fmt(medianOf(one, ownerUs))} with one process, ${fmt(medianOf(two, ownerUs))} with two and the owner's share,
  ${fmt(medianOf(dealt, ownerUs))} with the order connections dealt in turn; at lower rates fewer orders share each ledger
  batch), and the follower's work comes on top, on the same two cores: "server CPU µs/order", all
  processes together, is ${fmt(medianOf(one, (r) => r.cpuUsPerOrder))} for one process, ${fmt(medianOf(two, (r) => r.cpuUsPerOrder))} for two with the owner's share and
  ${fmt(medianOf(dealt, (r) => r.cpuUsPerOrder))} dealt in turn.
- **What the writes to NATS cost, and what changed.** A CPU profile of both processes under the
  load sent all through the follower (2026-11-27, build 98e202e, a column of this bench until the
  launcher dealt the connections) found a fifth of the follower's busy
  time and a seventh of the owner's in socket writes made by nats.js, one system call per message:
  it hands its queue to the socket at every microtask checkpoint, and there is one after every I/O
  callback, so each forwarded order, each answer and each venue message went out alone. Writes of
  one turn of the event loop now leave together (\`Cluster.batch\`). Another twentieth of the
  follower went into nats.js' \`request()\` building an error object, stack trace included, to
  settle every call that had succeeded; requests now run on one inbox subscription of the cluster's
  own (apps/server/src/cluster/requests.ts). In a short run of the same load on the same machine
  (10 s, 64 connections, all through the follower): 1,240 orders/s before, 1,485 with the writes
  gathered, 1,860 with both; the follower's CPU per order 540, 379, 298 µs. The previous full run of
  this section (build 62f7ec0, a faster machine: 4,403 orders/s for a single process) had the second
  process at -35 % and all through the follower at -50 %; the next (build 0d10062, a slower and busier
  machine: 2,402 orders/s for a single process) at -23 % and -25 %. Before that:
  connecting with \`noAsyncTraces\` (nats.js captured a stack trace for every request, 11 % of the
  follower), and spot-calls.ts itself (a follower used to send the whole HTTP call, which the owner
  replayed through \`inject\`: 360 orders/s for two processes against 1,087 for one clustered
  process at a load average of 10-13). After the run above, the cluster also connects with
  \`noEcho\`, so the owner no longer receives and parses back every message it publishes: in the
  same short runs, the owner's CPU per order 284 → 270 µs with the load all through the follower and
  420 → 378 µs with it on both processes (orders/s +4 % and +9 %, two runs each, within the noise of
  the shared machine).
- **Websockets.** A push costs one \`send\` of one string per client, so at these client counts the
  lag is mostly waiting: for the owner's 100 ms coalescing, for a core, and on a follower for one more
  hop (owner → NATS → follower, which checks the whole batch with zod; on a cluster the owner's
  batches hold every topic of every market, subscribed or not, where a single process builds only
  the subscribed ones). The follower's clients therefore see each frame later than the owner's, and
  the bench process that holds every client shares the same two cores.

**What the figures predict for a machine with more cores.**

- **Websocket capacity grows with processes.** Each process sends to its own clients; the owner
  publishes each batch once to NATS however many processes listen, and a follower's cost per batch
  (one decode) does not depend on how many clients it holds. With a core for each process, clients
  served at a given lag ≈ processes × what one process serves, its followers' clients one local NATS
  hop (about a millisecond with free cores) behind the owner's. Two cores cannot show this: the
  second event loop has no core of its own to run on.
- **Order throughput stays bounded by one owner: its core and its one write at a time.** One process
  runs every matching engine and the ledger batches of every venue; followers can take the HTTP side
  of the orders off it (parsing, authentication, checks, the socket writes), but not the matching,
  the writing or answering each order over NATS. More cores give the owner a whole core and
  PostgreSQL one of its own (here they share two with NATS, Redis, the load generator and the rest),
  so orders/s rises to what one write pipeline carries, about what a single process reaches
  (the first column above). With few clients trading, their connections sit on the owner and see
  one process's latency; with many, the ones past the owner's share go to followers, which take
  their HTTP side off the owner's core (about half of what an order costs it) and pay the NATS hop,
  which with a core for each process is a round trip of well under a millisecond, not the several
  milliseconds of waiting for a core seen here. Order throughput scales with processes only once
  markets are spread over several owners, each with its own batches (a lease per market or group of
  markets, each order sent to its market's owner).
`;
}
