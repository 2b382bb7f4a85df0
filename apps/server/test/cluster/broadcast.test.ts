import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { depositRecord, withdrawalRecord } from '@exchange/contract';
import { openBroadcast, parseBroadcast } from '../../src/cluster/broadcast.js';
import { sessionEventMessage } from '../../src/cluster/session-events.js';
import { connectTwo, crossed, depositRow, recordingLog, wire } from './cluster-helpers.js';

const point = z.object({ x: z.number() });

describe('parsing a cluster message', () => {
  it('takes a well-formed one and drops what is not JSON, not in the envelope, or a body the schema refuses', () => {
    expect(parseBroadcast(wire({ from: 'node-1', body: { x: 1 } }), point)).toEqual({ from: 'node-1', body: { x: 1 } });
    expect(parseBroadcast(wire('{"from":'), point)).toBeNull();
    expect(parseBroadcast(new Uint8Array([0xff, 0xfe, 0x00]), point)).toBeNull();
    expect(parseBroadcast(wire({ body: { x: 1 } }), point)).toBeNull();
    expect(parseBroadcast(wire({ from: '', body: { x: 1 } }), point)).toBeNull();
    expect(parseBroadcast(wire(null), point)).toBeNull();
    expect(parseBroadcast(wire({ from: 'node-1', body: { x: '1' } }), point)).toBeNull();
  });

  it('reads session events as SessionEvents only', () => {
    const parse = (body: unknown) => parseBroadcast(wire({ from: 'n', body }), sessionEventMessage)?.body ?? null;
    expect(parse({ kind: 'revoked', userId: 'u1', scope: { only: 's1' } })).toEqual({ kind: 'revoked', userId: 'u1', scope: { only: 's1' } });
    expect(parse({ kind: 'revoked', userId: 'u1' })).toEqual({ kind: 'revoked', userId: 'u1' });
    expect(parse({ kind: 'changed', userId: 'u1' })).toEqual({ kind: 'changed', userId: 'u1' });
    expect(parse({ kind: 'deleted', userId: 'u1' })).toBeNull();
    expect(parse({ kind: 'revoked' })).toBeNull();
    expect(parse({ kind: 'revoked', userId: 'u1', scope: { every: true } })).toBeNull();
    expect(parse({ kind: 'changed', userId: 7 })).toBeNull();
  });

  it('reads deposit and withdrawal events only with a record the contract accepts', () => {
    const event = (record: unknown) => wire({ from: 'n', body: { userId: 'u1', record } });
    const deposit = z.object({ userId: z.string(), record: depositRecord });
    const withdrawal = z.object({ userId: z.string(), record: withdrawalRecord });
    expect(parseBroadcast(event(depositRow), deposit)?.body.record).toEqual(depositRow);
    expect(parseBroadcast(event({ ...depositRow, amount: 'forty' }), deposit)).toBeNull();
    expect(parseBroadcast(event({ ...depositRow, status: 'stolen' }), deposit)).toBeNull();
    // A deposit's row is no withdrawal's: it lacks kind and source.
    expect(parseBroadcast(event(depositRow), withdrawal)).toBeNull();
    expect(parseBroadcast(wire({ from: 'n', body: { record: depositRow } }), deposit)).toBeNull();
  });
});

describe('a broadcast on NATS', () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  beforeAll(async () => {
    pair = await connectTwo();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('delivers the other process’s messages, not its own echo, and logs and drops a malformed one without stopping', async () => {
    const { a, b } = pair;
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    const logB = recordingLog();
    const publishA = openBroadcast(a, 'points', point, recordingLog().log, (body) => heardByA.push(body));
    openBroadcast(b, 'points', point, logB.log, (body) => heardByB.push(body));
    await b.nats.flush();

    a.nats.publish(a.subject('points'), wire('not json'));
    a.nats.publish(a.subject('points'), wire({ from: 'intruder', body: { x: 'one' } }));
    publishA({ x: 2 });
    await crossed(a, b);

    expect(heardByB).toEqual([{ x: 2 }]);
    expect(heardByA).toEqual([]);
    expect(logB.warnings).toHaveLength(2);
    // The log says what was dropped, never what it held.
    expect(JSON.stringify(logB.warnings)).not.toContain('intruder');
  });
});
