import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../src/cluster/cluster.js';
import { connectTwo } from './cluster-helpers.js';

const text = new TextEncoder();
const read = new TextDecoder();

/** Two processes on one namespace: b answers on a subject, a calls it. */
describe('request-reply and gathered writes between processes', () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  let a: Cluster;
  let b: Cluster;
  beforeAll(async () => {
    pair = await connectTwo();
    ({ a, b } = pair);
    b.nats.subscribe(a.subject('echo'), { callback: (_err, msg) => b.batch(() => msg.respond(text.encode(`echo ${read.decode(msg.data)}`)), () => undefined) });
    b.nats.subscribe(a.subject('silent'), { callback: () => undefined });
    await b.nats.flush();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('answers each call with its own reply, many at once', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => a.request(a.subject('echo'), text.encode(String(i)), 2000)));
    expect(answers.map((m) => read.decode(m.data))).toEqual(Array.from({ length: 50 }, (_, i) => `echo ${i}`));
  });

  it('fails at once with code 503 when no process listens: the call went nowhere', async () => {
    const started = Date.now();
    await expect(a.request(a.subject('nobody'), text.encode('x'), 5000)).rejects.toMatchObject({ code: '503' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('fails with a timeout, not 503, when the listener never answers', async () => {
    await expect(a.request(a.subject('silent'), text.encode('x'), 300)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('sends the writes of one turn in their order, and hands a failing one to its own handler', async () => {
    const heard: string[] = [];
    const sub = b.nats.subscribe(a.subject('ordered'), { callback: (_err, msg) => heard.push(read.decode(msg.data)) });
    await b.nats.flush();
    const failures: unknown[] = [];
    for (let i = 0; i < 5; i++) a.batch(() => a.nats.publish(a.subject('ordered'), text.encode(String(i))), (err) => failures.push(err));
    a.batch(
      () => {
        throw new Error('closed');
      },
      (err) => failures.push(err),
    );
    a.batch(() => a.nats.publish(a.subject('ordered'), text.encode('after')), (err) => failures.push(err));
    await new Promise((resolve) => setImmediate(resolve));
    await a.nats.flush();
    await b.nats.flush();
    expect(heard).toEqual(['0', '1', '2', '3', '4', 'after']);
    expect(failures).toEqual([new Error('closed')]);
    sub.unsubscribe();
  });
});
