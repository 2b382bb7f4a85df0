import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSubjects } from '../../src/cluster/user-subjects.js';
import { connectTwo, crossed, recordingLog } from './cluster-helpers.js';

describe("a user's own subject", () => {
  let pair: Awaited<ReturnType<typeof connectTwo>>;
  let sender: UserSubjects<string>;
  let receiver: UserSubjects<string>;
  const heard: string[] = [];
  beforeAll(async () => {
    pair = await connectTwo();
    sender = new UserSubjects(pair.a, 'rows', (t) => t, () => undefined, recordingLog().log);
    receiver = new UserSubjects(pair.b, 'rows', (t) => t, (t) => heard.push(t), recordingLog().log);
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('carries an id that is not a subject token to that user alone, not to a user whose id is a part of it', async () => {
    receiver.watch('a');
    receiver.watch('a.b *>');
    await crossed(pair.b, pair.a);
    sender.publish('a.b *>', 'for a.b *>');
    sender.publish('a', 'for a');
    sender.publish('a.b', 'for a.b');
    await crossed(pair.a, pair.b);
    await crossed(pair.b, pair.a);
    expect(heard).toEqual(['for a.b *>', 'for a']);
  });
});
