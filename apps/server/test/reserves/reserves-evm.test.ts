import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, parseUnits, verifyMessage, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { DEFAULT_API_KEY, depositAddressResponse, reservesAddressesResponse } from '@exchange/contract';
import { reserveMessage } from '@exchange/contract/reserves';
import type { App } from '../../src/app.js';
import { evmConfigFromEnv } from '../../src/modules/funds/evm/config.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { reservesDepsOf, takeSnapshot } from '../../src/modules/reserves/index.js';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { closeChecked } from '../trading/trading-helpers.js';
import { ANVIL_CHAIN_ID, startAnvil, type Anvil } from '../funds/evm/anvil.js';
import { deployTestUsdt, devClient, type DevClient } from '../funds/evm/test-usdt.js';

const erc20 = networkByCode('ERC20')!;
const trc20 = networkByCode('TRC20')!;

async function depositAddress(app: App, u: SignedUpUser, networkId: number): Promise<string> {
  const res = await app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&network_id=${networkId}`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return depositAddressResponse.parse(res.json()).address;
}

/**
 * Reserves on a real EVM chain (a local anvil node, the funds tests' own) beside the simulated
 * chains: ERC20 is real, TRC20 simulated. What the node holds at the exchange's addresses, the hot
 * wallet's and the deposit addresses', is read with eth_getBalance and the token's balanceOf.
 */
describe.each<DbKind>(['pglite', 'postgres'])('reserves from the simulated chains and a local EVM node on %s', (kind) => {
  const hotKey = generatePrivateKey();
  const hot = privateKeyToAddress(hotKey);
  // The simulated chains' blocks follow the app's clock: the TRC20 deposit is mined once it moves on.
  const clock = manualClock();
  let node: Anvil;
  let dev: DevClient;
  let usdt: { address: Address; abi: Abi };
  let t: TestApp;
  let a: SignedUpUser;
  let depositTo: Address;

  const wait = (hash: Hex) => dev.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const mint = async (to: Address, amount: string) => wait(await dev.writeContract({ address: usdt.address, abi: usdt.abi, functionName: 'mint', args: [to, parseUnits(amount, 6)] }));

  beforeAll(async () => {
    node = await startAnvil();
    dev = await devClient(node.url);
    usdt = await deployTestUsdt(dev);
    // Only ERC20 is real here: every other network, BEP20 included, stays simulated.
    const evm = evmConfigFromEnv({ EVM_RPC_URL_ERC20: node.url, EVM_CHAIN_ID_ERC20: String(ANVIL_CHAIN_ID), EVM_TOKEN_USDT: usdt.address, EVM_HOT_WALLET_KEY: hotKey });
    t = await startApp(kind, { evm, now: clock.now });
    a = await signUpUser(t.app, 'por-evm-a');
    const b = await signUpUser(t.app, 'por-evm-b');

    await mint(hot, '1000');
    await dev.test.setBalance({ address: hot, value: parseEther('1') });
    depositTo = (await depositAddress(t.app, a, erc20.id)) as Address;
    await mint(depositTo, '250.5');
    await wait(await dev.sendTransaction({ to: depositTo, value: parseEther('0.25') }));
    await dev.test.mine({ blocks: erc20.confirmations });
    await t.app.services.deposits.step();
    const simulated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(b.token),
      payload: { apikey: DEFAULT_API_KEY, uid: b.uid, network_id: trc20.id, symbol: 'USDT', amount: '250' },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
    await node?.stop();
  });

  it('counts the node’s ETH and USDT balanceOf at the hot wallet and the deposit address, beside the simulated TRC20 reserves', async () => {
    clock.advance(60_000);
    const snapshot = await takeSnapshot(reservesDepsOf(t.app.services));
    expect(snapshot.lines).toEqual([
      { asset: 'ETH', total: '0.25', reserves: '1.25', ratio: '5.0000' },
      { asset: 'USDT', total: '20250.5', reserves: '1500.5', ratio: '0.0740' },
    ]);

    // Coins that reach the hot wallet on chain, and nowhere in the ledger, count at the next snapshot.
    await mint(hot, '99.5');
    const next = await takeSnapshot(reservesDepsOf(t.app.services));
    expect(next.lines.find((l) => l.asset === 'USDT')).toMatchObject({ total: '20250.5', reserves: '1600' });
  });

  it('lists the hot wallet and the deposit address on ERC20, each signed by its own key, with the node’s balances', async () => {
    const res = await t.app.inject({ url: `/api/v1/proof-of-reserves/addresses?apikey=${DEFAULT_API_KEY}` });
    expect(res.statusCode, res.body).toBe(200);
    const answer = reservesAddressesResponse.parse(res.json());
    const listed = answer.networks.find((n) => n.network === 'ERC20');
    expect(listed).toMatchObject({ network_id: erc20.id, scheme: 'evm', balances: [{ asset: 'ETH', amount: '1.25' }, { asset: 'USDT', amount: '1350' }] });
    expect(listed!.addresses.map((x) => x.address)).toEqual([hot, depositTo]);
    for (const { address, message, signature } of listed!.addresses) {
      expect(message).toBe(reserveMessage(answer.label, address));
      expect(await verifyMessage({ address: address as Address, message: message!, signature: signature as Hex })).toBe(true);
    }
    expect(answer.networks.find((n) => n.network === 'TRC20')?.balances).toEqual([{ asset: 'USDT', amount: '250' }]);
  });
});
