import { OPERATOR_ROLES, operatorRole, type OperatorRole } from '@exchange/contract';
import { grantRole, listOperators, revokeRole, RoleRefusal } from '../modules/console/index.js';
import { AdminRefusal, AdminUsageError, type AdminCommand, type AdminContext } from './command.js';

const ROLES = OPERATOR_ROLES.join(', ');

function parse(args: string[], verb: string): { email: string; role: OperatorRole; reason: string | null } {
  const [email, role, ...why] = args;
  if (!email || !role) throw new AdminUsageError(`operators ${verb} takes an email and a role (${ROLES}), then optionally the reason.`);
  const parsed = operatorRole.safeParse(role);
  if (!parsed.success) throw new AdminUsageError(`The role must be one of ${ROLES}, not ${role}.`);
  return { email, role: parsed.data, reason: why.length > 0 ? why.join(' ') : null };
}

/** Runs a role change as the command line's operator; the data's refusal becomes the command's. */
async function change(ctx: AdminContext, args: string[], verb: 'grant' | 'revoke'): Promise<{ email: string; role: OperatorRole }> {
  const { email, role, reason } = parse(args, verb);
  const apply = verb === 'grant' ? grantRole : revokeRole;
  try {
    await apply(ctx.db, email, role, { operator: ctx.operator ?? 'cli', role: 'cli', reason, at: ctx.now() });
  } catch (err) {
    if (err instanceof RoleRefusal) throw new AdminRefusal(`${err.message}.`);
    throw err;
  }
  return { email: email.trim().toLowerCase(), role };
}

export const operatorsGrant: AdminCommand = {
  words: ['operators', 'grant'],
  args: '<email> <role> [reason]',
  summary: `Gives the user an operator role (${ROLES}); written to the audit log. The first administrator is made this way.`,
  async run(ctx, args) {
    const { email, role } = await change(ctx, args, 'grant');
    return `${email} is now ${role}. They open the console at /admin once their authenticator app is on.`;
  },
};

export const operatorsRevoke: AdminCommand = {
  words: ['operators', 'revoke'],
  args: '<email> <role> [reason]',
  summary: 'Takes an operator role from the user (the last administrator keeps theirs); written to the audit log.',
  async run(ctx, args) {
    const { email, role } = await change(ctx, args, 'revoke');
    return `${email} is no longer ${role}.`;
  },
};

export const operatorsList: AdminCommand = {
  words: ['operators', 'list'],
  args: '',
  summary: 'Lists every operator and their roles.',
  async run(ctx, args) {
    if (args.length > 0) throw new AdminUsageError('operators list takes no arguments.');
    const rows = await listOperators(ctx.db);
    if (rows.length === 0) return 'No operators yet: make the first with npm run admin -- operators grant <email> admin';
    return rows.map((r) => `${r.email}\t${r.role}\tsince ${r.granted_at} by ${r.granted_by}`).join('\n');
  },
};
