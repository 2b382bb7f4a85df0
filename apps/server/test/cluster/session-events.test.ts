import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistoryResponse, wsClose } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { bearer, manualClock, signUpUser } from '../helpers.js';
import { privateWsUrl } from '../auth/private-login.js';
import { security } from '../security/security-helpers.js';
import { isEvent, WsClient } from '../ws-client.js';
import { clusterSessionEvents } from '../../src/cluster/session-events.js';
import type { SessionEvent } from '../../src/modules/sessions/events.js';
import { connectTwo, crossed, recordingLog, startTwoProcesses, wire, type TwoProcesses } from './cluster-helpers.js';

describe('session events on NATS', () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  beforeAll(async () => {
    pair = await connectTwo();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('tells this process’s listeners at once and the other’s once NATS brought it, each event once', async () => {
    const { a, b } = pair;
    const logB = recordingLog();
    const onA = clusterSessionEvents(a, recordingLog().log);
    const onB = clusterSessionEvents(b, logB.log);
    await crossed(a, b);
    const heardA: SessionEvent[] = [];
    const heardB: SessionEvent[] = [];
    onA.subscribe((e) => heardA.push(e));
    onB.subscribe((e) => heardB.push(e));

    a.nats.publish(a.subject('sessions'), wire({ from: 'intruder', body: { kind: 'revoked', scope: { only: 's0' } } }));
    onA.revoked('u1', { only: 's1' });
    expect(heardA).toEqual([{ kind: 'revoked', userId: 'u1', scope: { only: 's1' } }]);
    onB.revoked('u2');
    onB.changed('u3');
    await crossed(a, b);
    await crossed(b, a);

    expect(heardA).toEqual([
      { kind: 'revoked', userId: 'u1', scope: { only: 's1' } },
      { kind: 'revoked', userId: 'u2' },
      { kind: 'changed', userId: 'u3' },
    ]);
    expect(heardB).toEqual([
      { kind: 'revoked', userId: 'u2' },
      { kind: 'changed', userId: 'u3' },
      { kind: 'revoked', userId: 'u1', scope: { only: 's1' } },
    ]);
    expect(logB.warnings).toHaveLength(1);
  });
});

/**
 * A session ended on one process, and the other process that had it in its session cache. The
 * clock stands still, so that cache never expires: only the event over NATS can make B refuse.
 */
describe('ending a session across two processes', () => {
  const clock = manualClock();
  let cluster: TwoProcesses;
  const sockets: WsClient[] = [];
  beforeAll(async () => {
    cluster = await startTwoProcesses({ now: clock.now });
    await cluster.b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  });

  const probe = (app: App, userId: string, token: string) => app.inject({ url: `${security}?user_id=${userId}`, headers: bearer(token) });

  it('refuses the ended session on the other process at once and closes its socket there; the others go on', async () => {
    const { a, b } = cluster;
    const user = await signUpUser(a, 'sessions');
    const login = await a.inject({ method: 'POST', url: '/api/user_account/login', payload: { email: user.email, password: user.password } });
    const other = login.json().jwt_token as string;
    const list = loginHistoryResponse.parse((await a.inject({ url: `${security}/logins?user_id=${user.userId}`, headers: bearer(user.token) })).json());
    const otherId = list.find((l) => !l.current)?.id;

    // B reads the session once and then trusts its cache.
    expect((await probe(b, user.userId, other)).statusCode).toBe(200);
    const socket = await WsClient.open(privateWsUrl(b));
    sockets.push(socket);
    socket.send({ op: 'login', args: [{ token: other }] });
    await socket.next(isEvent('login'));

    const ended = await a.inject({ method: 'DELETE', url: `${security}/sessions/${otherId}?user_id=${user.userId}`, headers: bearer(user.token) });
    expect(ended.statusCode, ended.body).toBe(200);
    await crossed(a, b);
    expect((await probe(b, user.userId, other)).statusCode).toBe(401);
    expect((await socket.closed).code).toBe(wsClose.sessionEnded.code);
    expect((await probe(b, user.userId, user.token)).statusCode).toBe(200);
  });
});
