import { z } from 'zod';
import { emailField } from './account.js';
import { jsonBody, oneOf, queryText, text, wholeNumber } from './fields.js';
import { totpCodeField } from './two-factor-fields.js';
import { identityStatus } from './verification.js';

/**
 * The operator console (issue 43, "19 Operator console"): the roles of the people who run the
 * exchange, what each may do, and the /api/admin calls. docs/operators.md explains the same table.
 */

export const OPERATOR_ROLES = ['support', 'compliance', 'treasury', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRole = oneOf('role', OPERATOR_ROLES);

export const OPERATOR_RIGHTS = [
  'console.open',
  'users.read',
  'users.documents',
  'operators.read',
  'operators.manage',
  'audit.read',
  'audit.export',
  'kyc.review',
  'withdrawals.review',
  'deposits.review',
  'users.freeze',
  'users.security',
  'finance.read',
  'ledger.check',
  'markets.read',
  'markets.manage',
  'adjustments.propose',
  'adjustments.approve',
  'content.manage',
] as const;
export type OperatorRight = (typeof OPERATOR_RIGHTS)[number];

/**
 * Least privilege: each role holds only what its daily work needs. Support sees no identity
 * documents; compliance sees them but moves no money; only admin manages operators, markets and fees, reads the audit
 * log and writes the help centre's announcements (`content.manage`).
 */
export const ROLE_RIGHTS: Readonly<Record<OperatorRole, readonly OperatorRight[]>> = {
  support: ['console.open', 'users.read', 'users.freeze', 'users.security'],
  compliance: ['console.open', 'users.read', 'users.documents', 'kyc.review', 'users.freeze'],
  treasury: ['console.open', 'users.read', 'withdrawals.review', 'deposits.review', 'finance.read', 'ledger.check', 'adjustments.propose', 'adjustments.approve'],
  admin: [...OPERATOR_RIGHTS],
};

/** Every right the roles give together. */
export function rightsOf(roles: readonly OperatorRole[]): OperatorRight[] {
  const held = new Set(roles.flatMap((role) => ROLE_RIGHTS[role]));
  return OPERATOR_RIGHTS.filter((right) => held.has(right));
}

export const OPERATOR_SEARCH_MAX = 100;
export const OPERATOR_SEARCH_RESULTS = 20;
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const OPERATOR_REASON_MAX = 500;

export const operatorMessages = {
  notOperator: 'This page is for the exchange’s operators only',
  twoFactorRequired: 'Turn on the authenticator app in the security centre before opening the operator console',
  forbidden: 'Your operator role does not allow this',
  userNotFound: 'No user has this id',
  noSuchEmail: 'No user has this email',
  alreadyHolds: 'The user already has this role',
  doesNotHold: 'The user does not have this role',
  lastAdmin: 'The last administrator cannot lose the admin role',
  noSubmission: 'This user has no identity verification to show',
  notUnderReview: 'This item is no longer waiting for a decision',
  withdrawalNotFound: 'No withdrawal has this id',
  depositNotFound: 'No deposit has this id',
  depositNotRefused: 'Only a deposit below the minimum, refused by the watcher or unclaimed, not decided yet, can be credited',
  depositNotRefusable: 'Only a deposit below the minimum, refused by the watcher, failing to credit or unclaimed, not decided yet, can be refused',
  depositNeedsUser: 'An unclaimed deposit is credited to the user you name: give their id',
  depositHasUser: 'This deposit is its user’s: it cannot be credited to another',
  depositUserNotFound: 'No user has this id',
  depositNotCreditable: 'This deposit has no amount that can be credited (unreadable, or above the asset’s maximum per operation)',
  documentNotFound: 'No document has this number',
} as const;

export const adminMeResponse = z.object({
  user_id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  rights: z.array(z.enum(OPERATOR_RIGHTS)),
});
export type AdminMeResponse = z.infer<typeof adminMeResponse>;

/**
 * GET /api/user_account/operator-roles: the signed-in user's own roles (none for most users), so the
 * header shows the console's entry to operators only. The console's calls check the roles again.
 */
export const operatorRolesResponse = z.object({ roles: z.array(z.enum(OPERATOR_ROLES)) });
export type OperatorRolesResponse = z.infer<typeof operatorRolesResponse>;

export const adminSummaryResponse = z.object({
  users: z.number().int(),
  signups_today: z.number().int(),
  pending_kyc: z.number().int(),
  pending_withdrawals: z.number().int(),
});
export type AdminSummaryResponse = z.infer<typeof adminSummaryResponse>;

export const adminUsersQuery = z.object({
  q: queryText('The search', { trim: true })
    .refine((v) => v.length >= 1, 'The search must not be empty')
    .refine((v) => v.length <= OPERATOR_SEARCH_MAX, `The search must be at most ${OPERATOR_SEARCH_MAX} characters`),
});

export const adminUserRow = z.object({
  id: z.string(),
  uid: z.number().int(),
  email: z.string(),
  email_verified: z.boolean(),
  identity_status: identityStatus,
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUsersResponse = z.object({ items: z.array(adminUserRow).max(OPERATOR_SEARCH_RESULTS) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const adminUserParams = z.object({ id: z.uuid({ message: operatorMessages.userNotFound }) });

/** A user's account state as the console shows it on their page. */
export const adminAccountState = z.object({
  frozen: z.boolean(),
  frozen_at: z.string().nullable(),
  frozen_reason: z.string().nullable(),
  frozen_by: z.string().nullable(),
  live_sessions: z.number().int(),
  /** Failed logins on the email within the lockout window, from every client. */
  login_failures: z.number().int(),
  login_locked: z.boolean(),
  two_factor: z.boolean(),
  withdrawals_locked_until: z.string().nullable(),
});
export type AdminAccountState = z.infer<typeof adminAccountState>;

export const adminUserResponse = z.object({
  account: adminAccountState,
  user: adminUserRow.extend({ name: z.string().nullable(), country: z.string().nullable() }),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  verification: z.object({
    status: identityStatus,
    submitted_at: z.string().nullable(),
    document_type: z.string().nullable(),
    /** Present only for the roles that may see identity documents (compliance, admin). */
    documents: z.array(z.string()).nullable(),
  }),
  balances: z.array(z.object({ wallet: z.string(), asset: z.string(), available: z.string(), locked: z.string() })),
});
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

export const operatorRow = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  granted_at: z.string(),
  granted_by: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRow>;
export const operatorsResponse = z.object({ items: z.array(operatorRow) });
export type OperatorsResponse = z.infer<typeof operatorsResponse>;

export const reasonField = text('The reason', { trim: true })
  .refine((v) => v.length >= 1, 'The reason is required')
  .refine((v) => v.length <= OPERATOR_REASON_MAX, `The reason must be at most ${OPERATOR_REASON_MAX} characters`);

/** A role change: the operator re-enters the authenticator code, and says why. */
export const operatorChangeRequest = jsonBody({
  email: emailField,
  role: operatorRole,
  reason: reasonField,
  totp_code: totpCodeField,
});
export type OperatorChangeRequest = z.infer<typeof operatorChangeRequest>;
export const operatorChangeResponse = z.object({ success: z.literal(true), message: z.string(), items: z.array(operatorRow) });

const optionalFilter = (label: string) =>
  queryText(label, { trim: true })
    .refine((v) => v.length <= OPERATOR_SEARCH_MAX, `${label} must be at most ${OPERATOR_SEARCH_MAX} characters`)
    .optional();
const isoDay = (label: string) =>
  queryText(label)
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), `${label} must be a date as YYYY-MM-DD`)
    .optional();

export const auditQuery = z.object({
  operator: optionalFilter('The operator filter'),
  action: optionalFilter('The action filter'),
  target: optionalFilter('The target filter'),
  since: isoDay('The since date'),
  until: isoDay('The until date'),
  before_id: wholeNumber('before_id', { min: 1, max: Number.MAX_SAFE_INTEGER }, { invalid: 'before_id must be a positive whole number' }).optional(),
  limit: wholeNumber('limit', { min: 1, max: AUDIT_PAGE_MAX }, { invalid: `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}` }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  role: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditResponse = z.object({ items: z.array(auditRow).max(AUDIT_PAGE_MAX), next_before_id: z.number().int().nullable() });
export type AuditResponse = z.infer<typeof auditResponse>;

/** What the admin command line sends to a running server's socket (DATA_DIR/admin.sock), and its answer. */
export const adminSocketRequest = jsonBody({
  argv: z
    .array(text('Each argument').max(1000, 'Each argument must be at most 1,000 characters'), {
      error: 'argv must be a list of the command’s words',
    })
    .max(20, 'argv must hold at most 20 words'),
  operator: text('operator').max(200, 'operator must be at most 200 characters'),
});
export type AdminSocketRequest = z.infer<typeof adminSocketRequest>;
export const adminSocketAnswer = z.object({
  code: z.number().int(),
  out: z.array(z.string()),
  err: z.array(z.string()),
});
export type AdminSocketAnswer = z.infer<typeof adminSocketAnswer>;
