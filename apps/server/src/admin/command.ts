import type { SimulatedChainsMode } from '../config.js';
import type { Database } from '../db/database.js';
import type { AddressKeys } from '../modules/funds/addresses/address-keys.js';
import type { EvmConfig } from '../modules/funds/evm/config.js';

/** The chain simulator as the configuration sets it up: what a test deposit needs. */
export interface AdminChains {
  mode: SimulatedChainsMode;
  /** The networks it serves: none served by a real adapter. */
  networkIds: readonly number[];
  blockMs: number;
  keys: AddressKeys;
  /** The real EVM networks as configured (EVM_RPC_URL): a snapshot reads their reserves from the nodes. */
  evm?: EvmConfig;
}

/** What an operator command works with: the configured database and the clock. */
export interface AdminContext {
  db: Database;
  now: () => Date;
  /** Who runs it, as the audit log names them (`cli:<os user>@<host>`). */
  operator?: string;
  chains?: AdminChains;
}

/** An operator command: `npm run admin -- <words...> <args...>`. */
export interface AdminCommand {
  /** The words that name it, such as ['kyc', 'approve']. */
  words: readonly string[];
  /** Its arguments as the usage line shows them, such as '<email>'. */
  args: string;
  summary: string;
  /** Does the work and answers the line to print; throws AdminUsageError or AdminRefusal when it cannot. */
  run(ctx: AdminContext, args: string[]): Promise<string>;
}

/** The command line is wrong: the usage is printed with the message; exit code 2. */
export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}

/** The command is right but the data says no (no such user, nothing to review); exit code 1. */
export class AdminRefusal extends Error {
  override name = 'AdminRefusal';
}

export function usage(commands: readonly AdminCommand[]): string {
  const lines = commands.map((c) => `  npm run admin -- ${[...c.words, c.args].filter(Boolean).join(' ')}\n      ${c.summary}`);
  return `Usage:\n${lines.join('\n')}`;
}

/** The command `argv` names (the longest match of its words) and the arguments after them. */
export function findCommand(commands: readonly AdminCommand[], argv: readonly string[]): { command: AdminCommand; args: string[] } {
  const matches = commands.filter((c) => c.words.every((word, i) => argv[i] === word));
  const command = matches.sort((a, b) => b.words.length - a.words.length)[0];
  if (!command) throw new AdminUsageError(argv.length === 0 ? 'No command given.' : `Unknown command: ${argv.join(' ')}`);
  return { command, args: argv.slice(command.words.length) };
}
