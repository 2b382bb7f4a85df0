import { describe, expect, it } from 'vitest';
import { schema } from '../../src/products.js';

describe('the schema assembled from the products', () => {
  it('is the list of migrations existing databases were built with, in version order', () => {
    expect(schema.map((m) => [m.version, m.name])).toEqual([
      [1, 'accounts'],
      [2, 'trades'],
      [3, 'ledger'],
      [4, 'spot-orders'],
      [5, 'ledger-write-path-without-foreign-keys'],
      [6, 'spot-write-path-without-foreign-keys'],
      [7, 'spot-order-id-sequence'],
      [8, 'trade-id-sequence'],
      [9, 'sessions'],
      [10, 'login failures per client address'],
      [11, 'futures'],
      [12, 'conversions'],
      [13, 'funds networks and deposit addresses'],
      [14, 'deposits'],
      [15, 'withdrawals'],
      [16, 'kyc submissions'],
      [18, 'security centre'],
      [19, 'fee-tier'],
      [20, 'earn'],
      [21, 'earn products'],
      [22, 'referrals'],
      [23, 'venue-leases'],
      [24, 'deposit credit retries'],
      [25, 'withdrawal confirmation'],
      [26, 'operator audit log'],
      [27, 'idempotency-claim-epoch'],
      [28, 'earn partial redemptions'],
      [29, 'deposit credit wallet'],
      [30, 'user notifications'],
      [31, 'chart layouts'],
      [32, 'futures positions per contract and side'],
      [33, 'api keys'],
      [36, 'futures leverage settings'],
      [37, 'futures position trigger price kind'],
      [38, 'futures funding payments per position'],
      [39, 'proof-of-reserves'],
      [41, 'operator roles'],
      [42, 'okx client order ids'],
      [47, 'account freeze'],
    ]);
  });
});
