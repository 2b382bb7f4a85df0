import { inspect } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { Payout } from '../../../src/modules/funds/deposits/chain.js';
import { evmConfigFromEnv, type EvmConfig } from '../../../src/modules/funds/evm/config.js';
import { EvmChains } from '../../../src/modules/funds/evm/evm-chains.js';
import { OUTSTANDING_MS } from '../../../src/modules/funds/evm/nonces.js';
import { networkByCode } from '../../../src/modules/funds/networks.js';
import { ANVIL_CHAIN_ID, ANVIL_PORTS, portIsFree, startAnvil, type Anvil } from './anvil.js';
import { deployTestUsdt, devClient, type DevClient } from './test-usdt.js';

const erc20 = networkByCode('ERC20')?.id ?? 0;
const HOT_USDT = '1000';

describe('payouts from the hot wallet on a real EVM chain (a local anvil node)', () => {
  let node: Anvil;
  let dev: DevClient;
  let usdt: { address: Address; abi: Abi };
  const hotKey = generatePrivateKey();
  const env = (more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    EVM_RPC_URL: node.url,
    EVM_CHAIN_ID_ERC20: String(ANVIL_CHAIN_ID),
    EVM_CHAIN_ID_BEP20: String(ANVIL_CHAIN_ID),
    EVM_TOKEN_USDT: usdt.address,
    EVM_HOT_WALLET_KEY: hotKey,
    ...more,
  });
  const configOf = (more?: NodeJS.ProcessEnv): EvmConfig => {
    const c = evmConfigFromEnv(env(more));
    if (!c) throw new Error('no EVM config');
    return c;
  };
  let chains: EvmChains;

  beforeAll(async () => {
    node = await startAnvil();
    dev = await devClient(node.url);
    usdt = await deployTestUsdt(dev);
    const hot = privateKeyToAddress(hotKey);
    await dev.writeContract({ address: usdt.address, abi: usdt.abi, functionName: 'mint', args: [hot, parseUnits(HOT_USDT, 6)] });
    await dev.test.setBalance({ address: hot, value: parseEther('10') });
    chains = new EvmChains(configOf());
  });
  afterAll(async () => {
    await dev?.test.setAutomine(true).catch(() => undefined);
    await node?.stop();
  });

  const usdtOf = async (address: Address) =>
    (await dev.readContract({ address: usdt.address, abi: usdt.abi, functionName: 'balanceOf', args: [address] })) as bigint;
  let refs = 0;
  const payout = (to: Address, amount: string, symbol = 'USDT'): Payout => ({ ref: `w-${++refs}`, networkId: erc20, to, memo: null, symbol, amount });
  const recipient = () => privateKeyToAddress(generatePrivateKey());
  /** Anvil mines a sent transaction just after answering: wait for its block before asking the adapter. */
  const mined = (hash: string) => dev.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20 });

  it('signs first (the hash is known before sending), broadcasts twice without paying twice, and counts confirmations once mined', async () => {
    const to = recipient();
    await dev.test.setAutomine(false);
    const signed = await chains.sign(payout(to, '12.5'), Date.now());
    expect(signed.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chains.state(erc20, signed.txHash)).toEqual({ state: 'unknown' });
    await chains.broadcast(erc20, signed);
    await chains.broadcast(erc20, signed);
    expect(await chains.state(erc20, signed.txHash)).toEqual({ state: 'unknown' });
    await dev.test.mine({ blocks: 1 });
    await dev.test.setAutomine(true);
    expect(await chains.state(erc20, signed.txHash)).toEqual({ state: 'mined', confirmations: 1 });
    // After a crash between broadcast and the record of it, the same bytes are sent again.
    await chains.broadcast(erc20, signed);
    await dev.test.mine({ blocks: 2 });
    expect(await chains.state(erc20, signed.txHash)).toEqual({ state: 'mined', confirmations: 3 });
    expect(await usdtOf(to)).toBe(parseUnits('12.5', 6));
  });

  it('gives payouts signed before any is sent consecutive nonces: sent in any order, both are paid', async () => {
    const to = recipient();
    const first = await chains.sign(payout(to, '1'), Date.now());
    const second = await chains.sign(payout(to, '2'), Date.now());
    await chains.broadcast(erc20, second);
    await chains.broadcast(erc20, first);
    await mined(first.txHash);
    await mined(second.txHash);
    expect((await chains.state(erc20, first.txHash)).state).toBe('mined');
    expect((await chains.state(erc20, second.txHash)).state).toBe('mined');
    expect(await usdtOf(to)).toBe(parseUnits('3', 6));
  });

  it('marks a payout the token refuses (more than the hot wallet holds) failed, and goes on paying after it', async () => {
    const to = recipient();
    const tooMuch = await chains.sign(payout(to, '5000000'), Date.now());
    await chains.broadcast(erc20, tooMuch);
    await mined(tooMuch.txHash);
    expect(await chains.state(erc20, tooMuch.txHash)).toEqual({ state: 'failed', reason: 'The transaction was reverted on chain' });
    expect(await usdtOf(to)).toBe(0n);
    const fine = await chains.sign(payout(to, '4'), Date.now());
    await chains.broadcast(erc20, fine);
    await mined(fine.txHash);
    expect(await chains.state(erc20, fine.txHash)).toEqual({ state: 'mined', confirmations: 1 });
  });

  it('pays the network’s own coin (ETH on ERC20) as a plain transfer', async () => {
    const to = recipient();
    const signed = await chains.sign(payout(to, '0.125', 'ETH'), Date.now());
    await chains.broadcast(erc20, signed);
    await mined(signed.txHash);
    expect((await chains.state(erc20, signed.txHash)).state).toBe('mined');
    expect(await dev.getBalance({ address: to })).toBe(parseEther('0.125'));
  });

  it('after a restart takes the nonce from the node, and gives again the nonce of a payout signed and never sent', async () => {
    const restarted = new EvmChains(configOf());
    const to = recipient();
    const t0 = Date.now();
    const dropped = await restarted.sign(payout(to, '6'), t0);
    const next = await restarted.sign(payout(to, '7'), t0 + OUTSTANDING_MS + 1);
    await restarted.broadcast(erc20, next);
    await mined(next.txHash);
    expect((await restarted.state(erc20, next.txHash)).state).toBe('mined');
    expect(await restarted.state(erc20, dropped.txHash)).toEqual({ state: 'unknown' });
    expect(await usdtOf(to)).toBe(parseUnits('7', 6));
    // The dropped payout's nonce is spent now: sending it is refused in words, and pays nothing.
    await expect(restarted.broadcast(erc20, dropped)).rejects.toThrow(/nonce \d+ is spent by another transaction/);
    expect(await usdtOf(to)).toBe(parseUnits('7', 6));
  });

  it('refuses amounts finer than the token, coins without a contract, and payouts without a hot wallet key', async () => {
    const to = recipient();
    await expect(chains.sign(payout(to, '1.0000001'), Date.now())).rejects.toThrow(/more than the coin's 6 decimals/);
    await expect(chains.sign(payout(to, '1', 'LINK'), Date.now())).rejects.toThrow(/LINK has no token contract configured on ERC20/);
    const watchOnly = new EvmChains(configOf({ EVM_HOT_WALLET_KEY: '' }));
    await expect(watchOnly.sign(payout(to, '1'), Date.now())).rejects.toThrow(/need EVM_HOT_WALLET_KEY/);
  });

  it('refuses a node on another chain than configured, before signing anything', async () => {
    const wrong = new EvmChains(configOf({ EVM_CHAIN_ID_ERC20: '1' }));
    await expect(wrong.sign(payout(recipient(), '1'), Date.now())).rejects.toThrow(`the node is on chain ${ANVIL_CHAIN_ID}, configured for 1`);
    await expect(wrong.height(erc20)).rejects.toThrow(/configured for 1/);
  });

  it('never shows the hot wallet key, nor the RPC URL’s credentials, in the config or in an error', async () => {
    const config = configOf();
    for (const shown of [inspect(config, { depth: 10 }), JSON.stringify(config), String(config.hotWallet)]) {
      expect(shown).not.toContain(hotKey.slice(2));
      expect(shown).toContain(privateKeyToAddress(hotKey));
    }
    const dead = await deadPort(node.port);
    const down = new EvmChains(configOf({ EVM_RPC_URL: `http://operator:hunter2@127.0.0.1:${dead}/v3/apikey0123456789` }));
    const err = await down.sign(payout(recipient(), '1'), Date.now()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const logged = JSON.stringify(pino.stdSerializers.err(err as Error));
    expect(logged).toContain('ERC20 node');
    for (const text of [logged, inspect(err, { depth: 10 }), String((err as Error).stack)]) {
      for (const secret of [hotKey.slice(2), 'hunter2', 'apikey0123456789']) expect(text).not.toContain(secret);
    }
    expect(() => evmConfigFromEnv({ ...env(), EVM_HOT_WALLET_KEY: `${hotKey}00` })).toThrow('EVM_HOT_WALLET_KEY must be a private key of 32 bytes in hex');
    try {
      evmConfigFromEnv({ ...env(), EVM_HOT_WALLET_KEY: `0x${'f'.repeat(64)}` });
      expect.unreachable();
    } catch (e) {
      expect(inspect(e)).not.toContain('f'.repeat(64));
    }
  });
});

/** A port of the suite's range where nothing listens: a node that is down. */
async function deadPort(taken: number): Promise<number> {
  for (const port of ANVIL_PORTS) if (port !== taken && (await portIsFree(port))) return port;
  throw new Error('no free port for a dead node');
}
