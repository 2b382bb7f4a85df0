import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrations.js';
import { openPglite } from '../../src/db/pglite.js';
import { schema } from '../../src/products.js';
import { testAddressKeys } from '../../src/modules/funds/addresses/address-keys.js';
import { deriveDepositAddress } from '../../src/modules/funds/addresses/derive.js';
import { depositAddressFor, depositAddressOwner } from '../../src/modules/funds/deposit-addresses.js';
import { fundsNetworksMigration } from '../../src/modules/funds/migrations.js';
import { networkByCode, networks, type Network } from '../../src/modules/funds/networks.js';
import { pgliteTemplate } from '../helpers.js';

const keys = testAddressKeys();

function network(code: string): Network {
  const found = networkByCode(code);
  if (!found) throw new Error(`no network ${code}`);
  return found;
}

describe('funds migration and deposit addresses (PGlite)', () => {
  let db: Database;
  let uid = 1;

  async function newUser(): Promise<string> {
    const id = randomUUID();
    uid += 1;
    await db.query(
      `INSERT INTO users (id, email, uid, referral_code, password_hash, created_at) VALUES ($1, $2, $3, $4, 'x', now())`,
      [id, `u${uid}@example.test`, uid, `R${uid}`],
    );
    return id;
  }

  beforeAll(async () => {
    db = await openPglite(undefined, pgliteTemplate());
    await migrate(db, schema);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is part of the schema every server applies', () => {
    expect(schema).toContain(fundsNetworksMigration);
  });

  it('seeds the networks and their coins from the catalogue', async () => {
    const { rows } = await db.query<{ id: number; code: string; memo: boolean; confirmations: number; evm_chain_id: number | null }>(
      'SELECT id, code, memo, confirmations, evm_chain_id FROM networks ORDER BY id',
    );
    expect(rows).toEqual(
      networks.map((n) => ({ id: n.id, code: n.code, memo: n.memo, confirmations: n.confirmations, evm_chain_id: n.evm_chain_id })),
    );
    const coins = await db.query<{ network_id: number; symbol: string; withdraw_fee: string; min_deposit: string }>(
      `SELECT network_id, symbol, withdraw_fee::text, min_deposit::text FROM network_coins WHERE symbol = 'USDT' ORDER BY network_id`,
    );
    expect(coins.rows.map((r) => [r.network_id, Number(r.withdraw_fee), Number(r.min_deposit)])).toEqual([
      [1, 3, 1],
      [2, 1, 1],
      [3, 0.8, 0.01],
    ]);
  });

  it('gives a user one address per network, derived at the index the database assigned, and the same on every call', async () => {
    const user = await newUser();
    const first = await depositAddressFor(db, keys, user, network('TRC20'));
    expect(first.address).toBe(deriveDepositAddress(network('TRC20'), first.derivationIndex, keys).address);
    expect(await depositAddressFor(db, keys, user, network('TRC20'))).toEqual(first);
    const erc20 = await depositAddressFor(db, keys, user, network('ERC20'));
    expect(erc20.derivationIndex).not.toBe(first.derivationIndex);
    const { rows } = await db.query('SELECT 1 FROM deposit_addresses WHERE user_id = $1', [user]);
    expect(rows).toHaveLength(2);
  });

  it('two users never share an address, nor on a memo network a memo', async () => {
    const [a, b] = [await newUser(), await newUser()];
    for (const n of networks) {
      const [x, y] = [await depositAddressFor(db, keys, a, n), await depositAddressFor(db, keys, b, n)];
      expect(`${x.address}/${x.memo}`).not.toBe(`${y.address}/${y.memo}`);
      if (n.memo) expect(x.address).toBe(y.address);
    }
  });

  it('first requests at once agree on one address', async () => {
    const user = await newUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => depositAddressFor(db, keys, user, network('SOL'))));
    expect(new Set(answers.map((a) => a.address)).size).toBe(1);
  });

  it('finds the owner of an address, by memo on a memo network', async () => {
    const user = await newUser();
    const btc = await depositAddressFor(db, keys, user, network('BTC'));
    expect((await depositAddressOwner(db, network('BTC'), btc.address, null))?.userId).toBe(user);
    expect(await depositAddressOwner(db, network('LTC'), btc.address, null)).toBeUndefined();
    const xrp = await depositAddressFor(db, keys, user, network('XRP'));
    expect((await depositAddressOwner(db, network('XRP'), xrp.address, xrp.memo))?.userId).toBe(user);
    expect(await depositAddressOwner(db, network('XRP'), xrp.address, null)).toBeUndefined();
    expect(await depositAddressOwner(db, network('XRP'), xrp.address, '1')).toBeUndefined();
  });

  it('the database refuses a second row for the same address and memo', async () => {
    const user = await newUser();
    const taken = await depositAddressFor(db, keys, user, network('DOGE'));
    const other = await newUser();
    await expect(
      db.query(
        `INSERT INTO deposit_addresses (user_id, network_id, address, memo, derivation_index) VALUES ($1, $2, $3, NULL, 2000000000)`,
        [other, network('DOGE').id, taken.address],
      ),
    ).rejects.toThrow(/deposit_addresses_address/);
  });
});
