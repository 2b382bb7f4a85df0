import { describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_ORDER_CONNECTIONS, DEFAULT_WORKER_WAIT_SECONDS, DEFAULT_WORKERS, launcherOwnerShare, launcherWorkerWaitSeconds, launcherWorkers } from '../../src/cluster/launcher-env.js';

const complete = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/exchange',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'secret',
};

describe('the launcher’s environment', () => {
  it('names only the missing variables, a blank one counting as missing', () => {
    expect(() => launcherWorkers({ NATS_URL: complete.NATS_URL, REDIS_URL: complete.REDIS_URL, JWT_SECRET: ' ' })).toThrow(
      'npm run start:cluster needs DATABASE_URL, JWT_SECRET:',
    );
  });

  it('starts two workers unless WORKERS says otherwise', () => {
    expect(launcherWorkers(complete)).toBe(DEFAULT_WORKERS);
    expect(launcherWorkers({ ...complete, WORKERS: '' })).toBe(DEFAULT_WORKERS);
    expect(launcherWorkers({ ...complete, WORKERS: ' 5 ' })).toBe(5);
  });

  it('refuses a WORKERS that is not a positive integer', () => {
    for (const workers of ['0', '-1', 'two', '1.5', '1e3', '99999999999999999999']) {
      expect(() => launcherWorkers({ ...complete, WORKERS: workers }), workers).toThrow(
        `WORKERS must be a positive integer (the number of server processes), not "${workers}"`,
      );
    }
  });
});

describe('OWNER_ORDER_CONNECTIONS', () => {
  it('hands the owner 256 order connections unless told otherwise, 0 included', () => {
    expect(launcherOwnerShare({})).toBe(DEFAULT_OWNER_ORDER_CONNECTIONS);
    expect(DEFAULT_OWNER_ORDER_CONNECTIONS).toBe(256);
    expect(launcherOwnerShare({ OWNER_ORDER_CONNECTIONS: ' 0 ' })).toBe(0);
    expect(launcherOwnerShare({ OWNER_ORDER_CONNECTIONS: '200' })).toBe(200);
  });

  it('refuses what is not a whole number, naming the variable', () => {
    for (const raw of ['-1', '1.5', 'many', '1e3']) {
      expect(() => launcherOwnerShare({ OWNER_ORDER_CONNECTIONS: raw })).toThrow(`OWNER_ORDER_CONNECTIONS must be a whole number (0 or more), not "${raw}"`);
    }
  });
});

describe('WORKER_WAIT_SECONDS', () => {
  it('lets an early connection wait 30 s for a worker unless told otherwise', () => {
    expect(launcherWorkerWaitSeconds({})).toBe(DEFAULT_WORKER_WAIT_SECONDS);
    expect(DEFAULT_WORKER_WAIT_SECONDS).toBe(30);
    expect(launcherWorkerWaitSeconds({ WORKER_WAIT_SECONDS: ' 120 ' })).toBe(120);
  });

  it('refuses 0 and what is not a whole number, naming the variable', () => {
    for (const raw of ['0', '-1', '2.5', 'long']) {
      expect(() => launcherWorkerWaitSeconds({ WORKER_WAIT_SECONDS: raw })).toThrow(`WORKER_WAIT_SECONDS must be a positive integer (seconds), not "${raw}"`);
    }
  });
});
