import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PositionsRelay, type PositionFeed } from '../../src/cluster/positions-relay.js';
import { connectTwo, crossed, recordingLog, wire } from './cluster-helpers.js';

/** A stand-in for one futures service's position changes. */
function localPositions() {
  const listeners = new Set<(userId: string, row: () => unknown) => void>();
  const feed: PositionFeed = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { feed, emit: (userId: string, row: () => unknown) => listeners.forEach((l) => l(userId, row)), listeners };
}

describe('the positions channel across processes', () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  const logB = recordingLog();
  let relayA: PositionsRelay;
  let relayB: PositionsRelay;
  const heardA: [string, unknown][] = [];
  const heardB: [string, unknown][] = [];
  beforeAll(async () => {
    pair = await connectTwo();
    pair.a.setLeader(true);
    relayA = new PositionsRelay(pair.a, recordingLog().log);
    relayB = new PositionsRelay(pair.b, logB.log);
    relayA.subscribe((userId, row) => heardA.push([userId, row()]));
    relayB.subscribe((userId, row) => heardB.push([userId, row()]));
    // u1 and u4 have a private socket on the follower.
    relayB.watchUser('u1');
    relayB.watchUser('u4');
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
  });
  afterAll(async () => {
    await pair?.close();
  });

  it("builds the leader's row once, tells it here, and sends it to the follower", async () => {
    const futures = localPositions();
    relayA.use(futures.feed);
    let builds = 0;
    futures.emit('u1', () => {
      builds += 1;
      return { future_id: 'p1', event: 'changed' };
    });
    expect(heardA).toEqual([['u1', { future_id: 'p1', event: 'changed' }]]);
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toEqual([['u1', { future_id: 'p1', event: 'changed' }]]);
    expect(heardA).toHaveLength(1);
    expect(builds).toBe(1);
  });

  it("sends a user's rows only to the processes watching that user", async () => {
    heardB.length = 0;
    const futures = localPositions();
    relayA.use(futures.feed);
    futures.emit('u5', () => ({ future_id: 'p5' }));
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toEqual([]);

    const stop = relayB.watchUser('u5');
    await crossed(pair.b, pair.a);
    futures.emit('u5', () => ({ future_id: 'p5' }));
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toEqual([['u5', { future_id: 'p5' }]]);

    stop();
    await crossed(pair.b, pair.a);
    futures.emit('u5', () => ({ future_id: 'p5' }));
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heardB).toHaveLength(1);
  });

  it('hears only the futures service open now (a takeover opens a new one)', () => {
    heardA.length = 0;
    const first = localPositions();
    const second = localPositions();
    relayA.use(first.feed);
    relayA.use(second.feed);
    expect(first.listeners.size).toBe(0);
    second.emit('u2', () => ({ future_id: 'p2' }));
    expect(heardA).toEqual([['u2', { future_id: 'p2' }]]);
  });

  it("keeps a follower's own changes on the follower and drops a malformed message", async () => {
    await crossed(pair.a, pair.b);
    heardA.length = 0;
    heardB.length = 0;
    const futures = localPositions();
    relayB.use(futures.feed);
    futures.emit('u3', () => ({ future_id: 'p3' }));
    expect(heardB).toEqual([['u3', { future_id: 'p3' }]]);
    // From the other process's connection: NATS does not send a connection its own messages (noEcho).
    pair.a.nats.publish(pair.a.subject('user.positions.u4'), wire({ userId: 'u4', row: 'not a row' }));
    await crossed(pair.b, pair.a);
    expect(heardA).toEqual([]);
    await crossed(pair.a, pair.b);
    expect(logB.warnings).toHaveLength(1);
    expect(heardB).toHaveLength(1);
  });
});
