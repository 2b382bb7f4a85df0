import { readFileSync } from 'node:fs';
import solc from 'solc';
import { createTestClient, createWalletClient, http, publicActions, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** TestUSDT.sol compiled by the npm solc (the compiler in WebAssembly, no download): the bytecode comes from the source beside this file. */
export function compileTestUsdt(): { abi: Abi; bytecode: Hex } {
  const source = readFileSync(new URL('./TestUSDT.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDT.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestUSDT.sol']?.TestUSDT;
  if (!contract) throw new Error('solc gave no TestUSDT');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** A node client acting as anvil's first dev account (unlocked by the node): deploys, mints, pays, mines. */
export async function devClient(url: string) {
  const probe = createWalletClient({ chain: foundry, transport: http(url) });
  const [account] = await probe.getAddresses();
  if (!account) throw new Error('the node has no dev account');
  return createWalletClient({ chain: foundry, transport: http(url), account })
    .extend(publicActions)
    .extend(() => ({ test: createTestClient({ chain: foundry, mode: 'anvil', transport: http(url) }) }));
}

export type DevClient = Awaited<ReturnType<typeof devClient>>;

/** Deploys TestUSDT from the dev account; answers its address and ABI. */
export async function deployTestUsdt(dev: DevClient): Promise<{ address: Address; abi: Abi }> {
  const { abi, bytecode } = compileTestUsdt();
  const hash = await dev.deployContract({ abi, bytecode });
  const receipt = await dev.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error('TestUSDT was not deployed');
  return { address: receipt.contractAddress, abi };
}
