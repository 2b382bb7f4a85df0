import { hostname, userInfo } from 'node:os';
import { loadCommandConfig } from '../config.js';
import { dispatchAdmin } from './dispatch.js';
import type { AdminOutput } from './run.js';

/**
 * `npm run admin -- <argv>` as main.ts runs it, without the process around it: the tests run their
 * commands here, configured by their own `env`, instead of compiling the server in a process per
 * command. Without `env` the configuration reads the process's environment (config.ts, its one reader).
 */
export function adminCli(argv: readonly string[], io: AdminOutput, env?: NodeJS.ProcessEnv): Promise<number> {
  return dispatchAdmin(loadCommandConfig('admin-command', env), argv, `cli:${userInfo().username}@${hostname()}`, io);
}
