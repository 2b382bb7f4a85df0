import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterErrorCodes, errorResponse } from '@exchange/contract';
import { privateService, startCluster, type ClusterUnderTest, type Member, type PrivateService } from './cluster-processes.js';

const HOOK_MS = 120_000;
const STEP_MS = 60_000;
/** How long a process may take to notice Redis went, or came back. */
const NOTICE_MS = 20_000;
const OUTAGE = 'Redis is unreachable';
const END = 'Redis is reachable again';

interface LogLine {
  level: number;
  msg: string;
}

/**
 * Issue 14 #14: a server process whose Redis (the shared request limits) goes down and comes back.
 * The rate-limited calls are answered 503 LIMITS_UNAVAILABLE meanwhile, and the process logs the
 * outage once and its end once, not an error per call.
 */
describe('a server process whose Redis goes down and comes back', () => {
  let redis: PrivateService;
  let cluster: ClusterUnderTest;
  let member: Member;

  beforeAll(async () => {
    // A Redis of this test's own: the machine's is shared with other tests.
    redis = await privateService('redis');
    cluster = await startCluster(1, { REDIS_URL: redis.url, RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
    member = cluster.members[0] as Member;
  }, HOOK_MS);

  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
  }, HOOK_MS);

  // A login the limit counts; a new email each time, so that no login-failure lock answers instead.
  let n = 0;
  const login = () =>
    member.call(
      'POST',
      '/api/user_account/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: `nobody.${n++}@example.com`, password: 'wrong-password-1' }),
    );
  const lines = (): LogLine[] =>
    member.server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);

  async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + NOTICE_MS;
    for (;;) {
      const found = await probe();
      if (found !== null) return found;
      if (Date.now() > deadline) throw new Error(`${what} did not happen within ${NOTICE_MS} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('issue 14 #14: answers the rate-limited calls 503 LIMITS_UNAVAILABLE during the outage, and logs it once and its end once', async () => {
    expect((await login()).status).toBe(401);
    await redis.stop();
    const refused = await until('a 503', async () => {
      const res = await login();
      return res.status === 503 ? res : null;
    });
    expect(errorResponse.parse(JSON.parse(refused.body))).toMatchObject({ code: clusterErrorCodes.limitsUnavailable, retry_after_seconds: 5 });
    for (let i = 0; i < 5; i++) expect((await login()).status).toBe(503);

    await redis.start();
    await until('a counted login', async () => ((await login()).status === 401 ? true : null));
    await until('the end of the outage in the log', async () => (lines().some((l) => l.msg.startsWith(END)) ? true : null));
    const logged = lines();
    expect(logged.filter((l) => l.msg.startsWith(OUTAGE)).map((l) => l.level)).toEqual([50]);
    expect(logged.filter((l) => l.msg.startsWith(END)).map((l) => l.level)).toEqual([40]);
    expect(logged.filter((l) => l.level >= 50 && !l.msg.startsWith(OUTAGE))).toEqual([]);
  }, STEP_MS);
});
