import { z } from 'zod';

/** The columns of the call table in docs/api.md, in order. */
export const API_TABLE_COLUMNS = [
  'spec',
  'method',
  'path',
  'path params',
  'query',
  'body',
  'headers',
  'auth',
  'answer',
  'schema',
  'status',
] as const;

/** One parameter of a cell: `name`, `name?` (optional) or `name=value` (a fixed value). */
export interface ApiParam {
  name: string;
  optional: boolean;
  fixed?: string;
}

export type BodyKind = 'json' | 'multipart' | 'message' | 'text' | 'none';

export interface ApiRow {
  /** 1-based line in the markdown file, for failure messages. */
  line: number;
  spec: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'WS';
  path: string;
  pathParams: ApiParam[];
  query: ApiParam[];
  body: { kind: BodyKind; params: ApiParam[] } | null;
  headers: ApiParam[];
  auth: 'none' | 'apikey' | 'bearer' | 'bearer + apikey' | 'verified bearer' | 'verified bearer + apikey' | 'bearer (login message)' | 'verified bearer (login message)' | 'loopback' | 'operator bearer' | 'okx signed key';
  answer: string;
  schema: string;
  /** null when implemented, else the issue number the call lands with. */
  landsWith: number | null;
}

const rowCells = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'WS']),
  path: z.string().regex(/^\/[\w\-./{}=]*$/, 'a path starting with /'),
  auth: z.enum(['none', 'apikey', 'bearer', 'bearer + apikey', 'verified bearer', 'verified bearer + apikey', 'bearer (login message)', 'verified bearer (login message)', 'loopback', 'operator bearer', 'okx signed key']),
  status: z.string().regex(/^(implemented|lands with issue \d+)$/, '"implemented" or "lands with issue NN"'),
});

/** Every `name` in backticks of a cell; prose between them describes the parameter. */
export function parseParams(cell: string): ApiParam[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map(([, raw = '']) => {
    const eq = raw.indexOf('=');
    if (eq > 0) return { name: raw.slice(0, eq), optional: false, fixed: raw.slice(eq + 1) };
    return raw.endsWith('?') ? { name: raw.slice(0, -1), optional: true } : { name: raw, optional: false };
  });
}

function parseBody(cell: string): ApiRow['body'] {
  if (cell === '—') return null;
  if (cell === 'none') return { kind: 'none', params: [] };
  const match = /^(JSON|multipart|message|text):\s*(.*)$/.exec(cell);
  if (!match) throw new Error(`a body cell starts with JSON:, multipart:, message: or text:, or is none or —: ${cell}`);
  const kinds = { JSON: 'json', multipart: 'multipart', message: 'message', text: 'text' } as const;
  return { kind: kinds[match[1] as keyof typeof kinds], params: parseParams(match[2] ?? '') };
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * The rows of the one table in `markdown` whose header is API_TABLE_COLUMNS. Throws, naming the
 * line, on a row that does not follow the format docs/api.md describes.
 */
export function parseApiTable(markdown: string): ApiRow[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((l) => l.trim().startsWith('|') && splitRow(l).join('|') === API_TABLE_COLUMNS.join('|'));
  if (header < 0) throw new Error(`no table with the columns ${API_TABLE_COLUMNS.join(', ')}`);
  const rows: ApiRow[] = [];
  for (let i = header + 2; i < lines.length && lines[i]?.trim().startsWith('|'); i++) {
    const cells = splitRow(lines[i] as string);
    const line = i + 1;
    if (cells.length !== API_TABLE_COLUMNS.length) {
      throw new Error(`line ${line}: ${cells.length} cells, expected ${API_TABLE_COLUMNS.length}`);
    }
    const cell = (column: (typeof API_TABLE_COLUMNS)[number]): string => cells[API_TABLE_COLUMNS.indexOf(column)] ?? '';
    const status = cell('status');
    const checked = rowCells.safeParse({ method: cell('method'), path: cell('path'), auth: cell('auth'), status });
    if (!checked.success) {
      throw new Error(`line ${line}: ${checked.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    }
    rows.push({
      line,
      spec: cell('spec'),
      method: checked.data.method,
      path: checked.data.path,
      pathParams: parseParams(cell('path params')),
      query: parseParams(cell('query')),
      body: parseBody(cell('body')),
      headers: parseParams(cell('headers')),
      auth: checked.data.auth,
      answer: cell('answer'),
      schema: cell('schema'),
      landsWith: status === 'implemented' ? null : Number(/\d+/.exec(status)?.[0]),
    });
  }
  return rows;
}

/** The names in a path's `{name}` placeholders. */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => name);
}

/** The HTTP status an implemented row's answer starts with ("201: ..."). */
export function expectedStatus(answer: string): number | null {
  const match = /^(\d{3}):/.exec(answer);
  return match ? Number(match[1]) : null;
}

/** Sets `value` at a JSON path such as `args[0].channel` inside `target`. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '');
  let node: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, i) => {
    const index: string | number = /^\d+$/.test(key) ? Number(key) : key;
    const last = i === keys.length - 1;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[index] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[i + 1] as string);
    container[index] ??= nextIsIndex ? [] : {};
    node = container[index] as Record<string, unknown> | unknown[];
  });
}
