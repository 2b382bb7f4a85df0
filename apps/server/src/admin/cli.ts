import { hostname, userInfo } from 'node:os';
import { loadCommandConfig } from '../config.js';
import { dispatchAdmin } from './dispatch.js';
import type { AdminOutput } from './run.js';

/**
 * `npm run admin -- <argv>` configured by `env`, as main.ts runs it, without the process around
 * it: the tests run their commands here instead of compiling the server in a process per command.
 */
export function adminCli(env: NodeJS.ProcessEnv, argv: readonly string[], io: AdminOutput): Promise<number> {
  return dispatchAdmin(loadCommandConfig('admin-command', env), argv, `cli:${userInfo().username}@${hostname()}`, io);
}
