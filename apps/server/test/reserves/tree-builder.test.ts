import { afterAll, describe, expect, it } from 'vitest';
import { verifyProof } from '@exchange/contract/reserves';
import { TreeBuilder } from '../../src/modules/reserves/tree-builder.js';

const u1 = '00000000-0000-4000-8000-000000000001';
const u2 = '00000000-0000-4000-8000-000000000002';

describe('the tree worker', () => {
  const trees = new TreeBuilder();
  afterAll(() => trees.close());

  it('makes one leaf per user from their holdings, wallets and Earn principal summed, assets and users in byte order', async () => {
    const built = await trees.build('s1', [
      { userId: u2, asset: 'USDT', amount: '5' },
      { userId: u1, asset: 'USDT', amount: '10.25' },
      { userId: u1, asset: 'BTC', amount: '0.5' },
      { userId: u1, asset: 'USDT', amount: '2500' },
    ]);
    expect(built).toMatchObject({ assets: ['BTC', 'USDT'], users: 2, root: { sums: ['0.500000000000000000', '2515.250000000000000000'] } });
    const leaves = built.leafBatches.flatMap((b) => JSON.parse(b) as { idx: number; user_id: string; balances: string[] }[]);
    expect(leaves.map((l) => [l.idx, l.user_id, l.balances])).toEqual([
      [0, u1, ['0.500000000000000000', '2510.250000000000000000']],
      [1, u2, ['0.000000000000000000', '5.000000000000000000']],
    ]);
    const proof = await trees.proof('s1', u2, '2026-11-29T00:00:00.000Z');
    expect(proof?.balances).toEqual(['0.000000000000000000', '5.000000000000000000']);
    expect((await verifyProof(proof, built.root.hash)).ok).toBe(true);
    expect(await trees.proof('s1', '00000000-0000-4000-8000-000000000009', 'x')).toBeNull();
    expect(await trees.proof('another', u1, 'x')).toBeUndefined();
  });

  it('refuses a negative holding, naming it, and goes on serving', async () => {
    await expect(trees.build('s2', [{ userId: u1, asset: 'USDT', amount: '-0.1' }])).rejects.toMatchObject({ name: 'NegativeBalanceError' });
    expect((await trees.build('s3', [{ userId: u1, asset: 'USDT', amount: '1' }])).users).toBe(1);
  });

  it('builds a stored snapshot again from its leaves, to the same root', async () => {
    const built = await trees.build('s4', [{ userId: u1, asset: 'ETH', amount: '3' }]);
    const leaves = built.leafBatches.flatMap((b) => JSON.parse(b) as { user_id: string; nonce: string; balances: string[] }[]);
    const fresh = new TreeBuilder();
    try {
      const json = JSON.stringify(leaves.map((l) => ({ userId: l.user_id, nonce: l.nonce, balances: l.balances })));
      expect(await fresh.rebuild('s4', built.assets, json)).toEqual(built.root);
    } finally {
      await fresh.close();
    }
  });
});
