import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_API_KEY, reservesAddressesResponse, type ReserveNetwork } from '@exchange/contract';
import { reserveMessage, verifyReserveSignature } from '@exchange/contract/reserves';
import { testAddressKeys } from '../../src/modules/funds/index.js';
import { deriveDepositAddress } from '../../src/modules/funds/addresses/derive.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { reservesDepsOf, takeSnapshot } from '../../src/modules/reserves/index.js';
import { ReserveSigner } from '../../src/modules/reserves/signer.js';
import { bearer, FEATURE_DB, manualClock, signUpUser, startApp, type SignedUpUser, type TestApp } from '../helpers.js';
import { closeChecked } from '../trading/trading-helpers.js';

const net = (code: string) => networkByCode(code)!;

describe('the reserve signer', () => {
  const keys = testAddressKeys();

  const row = (code: string, address: string, derivationIndex: number | null) => ({ networkId: net(code).id, address, derivationIndex });

  it('signs every derived address scheme with the key the seed derives for it', async () => {
    const signer = new ReserveSigner(keys.ed25519Seed);
    for (const [code, scheme] of [['ERC20', 'evm'], ['ETC', 'evm'], ['TRC20', 'tron'], ['BTC', 'bitcoin'], ['LTC', 'litecoin'], ['DOGE', 'dogecoin'], ['SOL', 'solana']] as const) {
      const { address } = deriveDepositAddress(net(code), 7, keys);
      const signed = await signer.sign(net(code), row(code, address, 7), 'day', null);
      expect(signed.message, code).toBe(reserveMessage('day', address));
      expect(verifyReserveSignature({ scheme, address, message: signed.message!, signature: signed.signature! }), code).toBe(true);
    }
  });

  it('lists unsigned an address whose key the seed does not hold, and the memo networks’ shared accounts', async () => {
    const { address } = deriveDepositAddress(net('ERC20'), 7, keys);
    const unsigned = { address, message: null, signature: null };
    expect(await new ReserveSigner(new Uint8Array(64).fill(9)).sign(net('ERC20'), row('ERC20', address, 7), 'day', null)).toEqual(unsigned);
    expect(await new ReserveSigner(keys.ed25519Seed).sign(net('ERC20'), row('ERC20', address, 8), 'day', null)).toEqual(unsigned);
    const xrp = keys.memoAccounts.XRP;
    expect(await new ReserveSigner(keys.ed25519Seed).sign(net('XRP'), row('XRP', xrp, 7), 'day', null)).toEqual({ address: xrp, message: null, signature: null });
  });

  it('signs as the hot wallet with its own key, and lists it unsigned when that key does not give its address', async () => {
    const hot = privateKeyToAccount(generatePrivateKey());
    const signer = new ReserveSigner(keys.ed25519Seed);
    const signed = await signer.sign(net('ERC20'), row('ERC20', hot.address, null), 'day', (message) => hot.signMessage({ message }));
    expect(await verifyMessage({ address: hot.address, message: reserveMessage('day', hot.address), signature: signed.signature as `0x${string}` })).toBe(true);
    const other = privateKeyToAccount(generatePrivateKey());
    const wrong = await new ReserveSigner(keys.ed25519Seed).sign(net('ERC20'), row('ERC20', hot.address, null), 'day', (message) => other.signMessage({ message }));
    expect(wrong).toEqual({ address: hot.address, message: null, signature: null });
    expect(await new ReserveSigner(keys.ed25519Seed).sign(net('ERC20'), row('ERC20', hot.address, null), 'day', null)).toEqual({ address: hot.address, message: null, signature: null });
  });
});

describe('GET /api/v1/proof-of-reserves/addresses', () => {
  let t: TestApp;
  let user: SignedUpUser;
  const clock = manualClock(Date.parse('2026-11-29T10:00:00Z'));
  const deposits = [
    ['ERC20', 'USDT', '100'],
    ['BTC', 'BTC', '0.5'],
    ['SOL', 'SOL', '3'],
    ['DOGE', 'DOGE', '50'],
    ['XRP', 'XRP', '20'],
  ] as const;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    user = await signUpUser(t.app, 'por-sig');
    for (const [code, symbol, amount] of deposits) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/simulated-chain/deposits',
        headers: bearer(user.token),
        payload: { apikey: DEFAULT_API_KEY, uid: user.uid, network_id: net(code).id, symbol, amount },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    clock.advance(10_000);
  });
  afterAll(() => closeChecked(t));

  async function addresses() {
    const res = await t.app.inject({ url: `/api/v1/proof-of-reserves/addresses?apikey=${DEFAULT_API_KEY}` });
    expect(res.statusCode, res.body).toBe(200);
    return reservesAddressesResponse.parse(res.json());
  }

  function expectSigned(network: ReserveNetwork, label: string) {
    for (const a of network.addresses) {
      expect(a.message).toBe(reserveMessage(label, a.address));
      expect(verifyReserveSignature({ scheme: network.scheme!, address: a.address, message: a.message!, signature: a.signature! }), network.network).toBe(true);
    }
  }

  it('signs each address’s message naming the day before the first snapshot, then the latest snapshot', async () => {
    const before = await addresses();
    expect(before.label).toBe('2026-11-29');
    expect(before.networks.map((n) => [n.network, n.scheme, n.addresses.length])).toEqual([
      ['ERC20', 'evm', 1],
      ['BTC', 'bitcoin', 1],
      ['SOL', 'solana', 1],
      ['DOGE', 'dogecoin', 1],
      ['XRP', null, 1],
    ]);
    for (const n of before.networks.filter((n) => n.scheme)) expectSigned(n, '2026-11-29');
    expect(before.networks.find((n) => n.network === 'XRP')!.addresses[0]).toMatchObject({ message: null, signature: null });

    const snapshot = await takeSnapshot(reservesDepsOf(t.app.services));
    const after = await addresses();
    expect(after.label).toBe(snapshot.id);
    for (const n of after.networks.filter((n) => n.scheme)) expectSigned(n, snapshot.id);
  });

  it('gives EVM signatures that viem’s personal_sign verifier accepts', async () => {
    const erc20 = (await addresses()).networks.find((n) => n.network === 'ERC20')!;
    const [a] = erc20.addresses;
    expect(await verifyMessage({ address: a!.address as `0x${string}`, message: a!.message!, signature: a!.signature! as `0x${string}` })).toBe(true);
    expect(await verifyMessage({ address: a!.address as `0x${string}`, message: `${a!.message!} `, signature: a!.signature! as `0x${string}` })).toBe(false);
  });
});
