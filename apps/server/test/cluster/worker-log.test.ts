import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/plugins/logger.js';

async function firstLine(worker: number | undefined): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const options = loggerOptions('info', worker);
  const app = Fastify({ logger: { ...(typeof options === 'object' ? options : {}), stream } });
  app.log.info('hello');
  await app.close();
  return JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
}

describe('log lines of a cluster worker', () => {
  it('carry the worker id beside the pid', async () => {
    const line = await firstLine(3);
    expect(line).toMatchObject({ worker: 3, pid: process.pid, msg: 'hello' });
    expect(line.hostname).toEqual(expect.any(String));
  });

  it('carry none on a single process', async () => {
    const line = await firstLine(undefined);
    expect(line).toMatchObject({ pid: process.pid, msg: 'hello' });
    expect(line).not.toHaveProperty('worker');
  });
});
