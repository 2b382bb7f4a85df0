import type { AuditQuery, AuditRow } from '@exchange/contract';
import type { Queryable, SqlParam } from '../../db/database.js';

const DAY_MS = 86_400_000;

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The audit rows the filters select, newest first, at most `limit`, before `before_id` when given. */
export async function readAudit(q: Queryable, filters: AuditQuery, limit: number): Promise<AuditRow[]> {
  const where: string[] = [];
  const params: SqlParam[] = [];
  const add = (sql: string, value: SqlParam) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filters.operator) add('lower(operator) LIKE ?', like(filters.operator));
  if (filters.action) add('lower(action) LIKE ?', like(filters.action));
  if (filters.target) add('lower(target) LIKE ?', like(filters.target));
  if (filters.since) add('at >= ?', new Date(filters.since));
  // The "until" day is included whole.
  if (filters.until) add('at < ?', new Date(Date.parse(filters.until) + DAY_MS));
  if (filters.before_id) add('id < ?', filters.before_id);
  params.push(limit);
  const res = await q.query<Omit<AuditRow, 'id' | 'at'> & { id: string; at: Date }>(
    `SELECT id::text AS id, at, operator, role, action, target, before, after, reason, address FROM operator_audit_log
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
    params,
  );
  return res.rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() }));
}

const COLUMNS = ['id', 'at', 'operator', 'role', 'action', 'target', 'before', 'after', 'reason', 'address'] as const;

/** One CSV cell: quoted, and a leading formula character defused, so a spreadsheet shows the text rather than running it. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The rows as RFC 4180 CSV with a header line. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => cell(row[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
