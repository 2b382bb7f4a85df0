import { AdminRefusal, AdminUsageError, findCommand, usage, type AdminCommand, type AdminContext } from './command.js';

export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs the command `argv` names against an open context and answers the exit code: 0 done,
 * 1 refused by the data, 2 a wrong command line. Other errors propagate.
 */
export async function runAdmin(commands: readonly AdminCommand[], argv: readonly string[], ctx: () => Promise<AdminContext>, io: AdminOutput): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    io.out(usage(commands));
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const { command, args } = findCommand(commands, argv);
    io.out(await command.run(await ctx(), args));
    return 0;
  } catch (err) {
    if (err instanceof AdminUsageError) {
      io.err(`${err.message}\n\n${usage(commands)}`);
      return 2;
    }
    if (err instanceof AdminRefusal) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
}
