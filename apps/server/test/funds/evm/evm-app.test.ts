import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { DEFAULT_API_KEY, depositAddressResponse, depositHistoryResponse, fundsMessages, withdrawMessages } from '@exchange/contract';
import type { App } from '../../../src/app.js';
import { balancesOf } from '../../../src/ledger/accounts.js';
import { evmConfigFromEnv } from '../../../src/modules/funds/evm/config.js';
import { networkByCode, type Network } from '../../../src/modules/funds/networks.js';
import { Dec } from '../../../src/shared/decimal.js';
import { bearer, startApp, type TestApp, FEATURE_DB } from '../../helpers.js';
import { closeChecked, newUser, type TestUser } from '../../trading/trading-helpers.js';
import { balanceOf, submit, withdrawals } from '../withdraw-helpers.js';
import { coins } from '../../../src/shared/catalogue.js';
import { ANVIL_CHAIN_ID, startAnvil, type Anvil } from './anvil.js';
import { deployTestUsdt, devClient, type DevClient } from './test-usdt.js';

function network(code: string): Network {
  const n = networkByCode(code);
  if (!n) throw new Error(`no ${code} network`);
  return n;
}
const erc20 = network('ERC20');
const bep20 = network('BEP20');
const trc20 = network('TRC20');

async function funding(app: App, userId: string, asset: string): Promise<string> {
  const row = (await balancesOf(app.services.db, userId)).find((b) => b.asset === asset && b.wallet === 'funding');
  return new Dec(row?.available ?? '0').toFixed();
}

async function depositAddress(app: App, u: TestUser, n: Network): Promise<Address> {
  const res = await app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&network_id=${n.id}`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return depositAddressResponse.parse(res.json()).address as Address;
}

async function history(app: App, u: TestUser) {
  const res = await app.inject({ url: `/api/v1/transaction-history/${u.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=deposit`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return depositHistoryResponse.parse(res.json());
}

function simulate(app: App, u: TestUser, n: Network, symbol: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/simulated-chain/deposits',
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: n.id, symbol, amount: '10' },
  });
}

describe('the exchange on a real EVM chain (a local anvil node): deposits and withdrawals', () => {
  const hotKey = generatePrivateKey();
  let node: Anvil;
  let dev: DevClient;
  let usdt: { address: Address; abi: Abi };
  let t: TestApp;

  beforeAll(async () => {
    node = await startAnvil();
    dev = await devClient(node.url);
    usdt = await deployTestUsdt(dev);
    await dev.writeContract({ address: usdt.address, abi: usdt.abi, functionName: 'mint', args: [dev.account.address, parseUnits('1000000', 6)] });
    const evm = evmConfigFromEnv({
      EVM_RPC_URL: node.url,
      EVM_CHAIN_ID_ERC20: String(ANVIL_CHAIN_ID),
      EVM_CHAIN_ID_BEP20: String(ANVIL_CHAIN_ID),
      EVM_TOKEN_USDT: usdt.address,
      EVM_HOT_WALLET_KEY: hotKey,
    });
    t = await startApp(FEATURE_DB, { evm });
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
    await node?.stop();
  });

  const payUsdt = async (to: Address, amount: string) => {
    const hash = await dev.writeContract({ address: usdt.address, abi: usdt.abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] });
    await dev.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };
  const mine = (blocks: number) => dev.test.mine({ blocks });

  it('records a USDT transfer to the user’s ERC20 address as submitted, counts blocks, and credits once after 6 confirmations', async () => {
    const u = await newUser(t.app);
    const address = await depositAddress(t.app, u, erc20);
    await t.app.services.deposits.step();
    await payUsdt('0x000000000000000000000000000000000000dEaD', '7');
    await payUsdt(address, '250.5');
    await t.app.services.deposits.step();
    const [seen, ...others] = await history(t.app, u);
    expect(others).toEqual([]);
    expect(seen).toMatchObject({ status: 'submitted', amount: '250.5', network: 'ERC20', confirmations: 1, confirmations_needed: 6 });
    expect(seen?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    await mine(4);
    await t.app.services.deposits.step();
    expect((await history(t.app, u))[0]).toMatchObject({ status: 'submitted', confirmations: 5 });
    expect(await funding(t.app, u.userId, 'USDT')).toBe('0');

    await mine(1);
    await t.app.services.deposits.step();
    expect((await history(t.app, u))[0]).toMatchObject({ status: 'credited', final_amount: '250.5' });
    expect(await funding(t.app, u.userId, 'USDT')).toBe('250.5');

    await mine(10);
    await t.app.services.deposits.step();
    await t.app.services.deposits.step();
    expect(await funding(t.app, u.userId, 'USDT')).toBe('250.5');
    expect((await history(t.app, u)).length).toBe(1);
  });

  it('credits a BEP20 deposit after that network’s 15 confirmations', async () => {
    const u = await newUser(t.app);
    await payUsdt(await depositAddress(t.app, u, bep20), '40');
    await mine(13);
    await t.app.services.deposits.step();
    expect((await history(t.app, u))[0]).toMatchObject({ status: 'submitted', network: 'BEP20', confirmations: 14 });
    await mine(1);
    await t.app.services.deposits.step();
    expect((await history(t.app, u))[0]).toMatchObject({ status: 'credited', final_amount: '40' });
    expect(await funding(t.app, u.userId, 'USDT')).toBe('40');
  });

  it('credits a plain ETH transfer to the ERC20 address', async () => {
    const u = await newUser(t.app);
    const hash = await dev.sendTransaction({ to: await depositAddress(t.app, u, erc20), value: parseEther('0.25') });
    await dev.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await mine(erc20.confirmations);
    await t.app.services.deposits.step();
    expect((await history(t.app, u))[0]).toMatchObject({ status: 'credited', amount: '0.25', network: 'ERC20' });
    expect(await funding(t.app, u.userId, 'ETH')).toBe('0.25');
  });

  it('refuses to simulate a deposit on a real network, and still simulates the others', async () => {
    const u = await newUser(t.app);
    const real = await simulate(t.app, u, erc20, 'USDT');
    expect(real.statusCode).toBe(404);
    expect(real.json()).toMatchObject({ message: fundsMessages.simulatorOnly });
    expect((await simulate(t.app, u, trc20, 'USDT')).statusCode).toBe(200);
  });

  it('pays a USDT withdrawal on ERC20 from the hot wallet: signed, sent, counted, completed after 6 confirmations', async () => {
    const hot = privateKeyToAddress(hotKey);
    await dev.writeContract({ address: usdt.address, abi: usdt.abi, functionName: 'mint', args: [hot, parseUnits('1000', 6)] });
    await dev.test.setBalance({ address: hot, value: parseEther('1') });
    const u = await newUser(t.app);
    const to = privateKeyToAddress(generatePrivateKey());
    const fee = erc20.coins.find((c) => c.symbol === 'USDT')?.withdraw_fee ?? '';
    const res = await submit(t.app, u, { wallet_id: 0, initial_amount: '100', network_id: erc20.id, address: to, source: 'spot' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: withdrawMessages.submitted });

    await t.app.services.withdrawals.processor.step();
    const [sent] = await withdrawals(t.app, u);
    expect(sent?.status).toBe('processing');
    const receipt = await dev.waitForTransactionReceipt({ hash: sent?.tx_hash as Hex, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
    await t.app.services.withdrawals.processor.step();
    expect((await withdrawals(t.app, u))[0]).toMatchObject({ status: 'processing', confirmations: 1 });

    await mine(erc20.confirmations - 1);
    await t.app.services.withdrawals.processor.step();
    expect((await withdrawals(t.app, u))[0]).toMatchObject({ status: 'completed', tx_hash: sent?.tx_hash });
    const paid = parseUnits(new Dec(100).minus(fee).toFixed(), 6);
    expect(await dev.readContract({ address: usdt.address, abi: usdt.abi, functionName: 'balanceOf', args: [to] })).toBe(paid);
    expect((await balanceOf(t.app, u.userId, 'USDT', 'spot')).locked).toBe('0');
  });

  it('fails a withdrawal the chain reverts (more than the hot wallet holds) and releases its hold', async () => {
    const u = await newUser(t.app);
    const before = await balanceOf(t.app, u.userId, 'USDT', 'spot');
    const res = await submit(t.app, u, { wallet_id: 0, initial_amount: '5000', network_id: erc20.id, address: privateKeyToAddress(generatePrivateKey()), source: 'spot' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.withdrawals.processor.step();
    const [sent] = await withdrawals(t.app, u);
    const receipt = await dev.waitForTransactionReceipt({ hash: sent?.tx_hash as Hex, pollingInterval: 20 });
    expect(receipt.status).toBe('reverted');
    await t.app.services.withdrawals.processor.step();
    expect((await withdrawals(t.app, u))[0]?.status).toBe('failed');
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual(before);
  });

  it('refuses a withdrawal of a token whose contract is not configured on the real network, holding nothing', async () => {
    const u = await newUser(t.app);
    const link = coins.find((c) => c.symbol === 'LINK');
    if (!link) throw new Error('LINK is not listed');
    const res = await submit(t.app, u, { wallet_id: link.pair_id, initial_amount: '1', network_id: erc20.id, address: privateKeyToAddress(generatePrivateKey()), source: 'spot' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(withdrawMessages.notPayable('LINK', 'ERC20'));
  });
});
