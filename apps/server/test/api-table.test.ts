import { describe, expect, it } from 'vitest';
import { API_TABLE_COLUMNS, expectedStatus, parseApiTable, parseParams, pathPlaceholders, setPath } from './api-table.js';

const header = `| ${API_TABLE_COLUMNS.join(' | ')} |\n|${'---|'.repeat(API_TABLE_COLUMNS.length)}`;

describe('the docs/api.md table reader', () => {
  it('reads names, optional names and fixed values from backticks, leaving the prose', () => {
    expect(parseParams('`apikey`, `uid` the user, `price?` decimal (limit), `op=subscribe`')).toEqual([
      { name: 'apikey', optional: false },
      { name: 'uid', optional: false },
      { name: 'price', optional: true },
      { name: 'op', optional: false, fixed: 'subscribe' },
    ]);
    expect(parseParams('—')).toEqual([]);
  });

  it('reads each row of the table after its header, and stops at the first other line', () => {
    const md = [
      'intro',
      header,
      '| 3 §7 | POST | /api/v1/transfers | — | — | JSON: `apikey`, `amount` a number | `Idempotency-Key?` | bearer + apikey | 201: success | `transferResponse` | implemented |',
      '| — | WS | /ws/public | — | — | text: `ping` | — | none | text `pong` | — | implemented |',
      '| 2 §7 | PUT | /api/v1/close-position | — | `future_id` | none | — | bearer + apikey | 200: success | — | lands with issue 14 |',
      '',
      '| spec | other |',
    ].join('\n');
    const rows = parseApiTable(md);
    expect(rows.map((r) => [r.line, r.method, r.path, r.body?.kind, r.landsWith])).toEqual([
      [4, 'POST', '/api/v1/transfers', 'json', null],
      [5, 'WS', '/ws/public', 'text', null],
      [6, 'PUT', '/api/v1/close-position', 'none', 14],
    ]);
    expect(rows[0]?.body?.params.map((p) => p.name)).toEqual(['apikey', 'amount']);
    expect(rows[0]?.headers).toEqual([{ name: 'Idempotency-Key', optional: true }]);
    expect(rows[2]?.query).toEqual([{ name: 'future_id', optional: false }]);
  });

  it('names the line of a row that breaks the format', () => {
    const row = (cells: string) => `${header}\n${cells}`;
    expect(() => parseApiTable('no table')).toThrow(/no table with the columns/);
    expect(() => parseApiTable(row('| 1 §7 | GET | /x |'))).toThrow(/line 3: 3 cells, expected 11/);
    expect(() =>
      parseApiTable(row('| — | FETCH | /x | — | — | — | — | none | 200: x | — | implemented |')),
    ).toThrow(/line 3: method/);
    expect(() => parseApiTable(row('| — | GET | /x | — | — | — | — | token | 200: x | — | implemented |'))).toThrow(
      /line 3: auth/,
    );
    expect(() => parseApiTable(row('| — | GET | /x | — | — | — | — | none | 200: x | — | soon |'))).toThrow(/line 3: status/);
    expect(() => parseApiTable(row('| — | POST | /x | — | — | form: `a` | — | none | 200: x | — | implemented |'))).toThrow(
      /a body cell starts with/,
    );
  });

  it('finds path placeholders, the answer status and nested message fields', () => {
    expect(pathPlaceholders('/api/v1/user-wallet/{uid}/{coinId}')).toEqual(['uid', 'coinId']);
    expect(pathPlaceholders('/api/user_account/edit_profile/user={id}')).toEqual(['id']);
    expect(expectedStatus('201: success, message')).toBe(201);
    expect(expectedStatus('{event "login"}')).toBeNull();
    const message: Record<string, unknown> = {};
    setPath(message, 'op', 'subscribe');
    setPath(message, 'args[0].channel', 'books5');
    setPath(message, 'args[0].instId', 'BTC-USDT');
    expect(message).toEqual({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
  });
});
