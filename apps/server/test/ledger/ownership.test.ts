import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const LEDGER = path.join(SRC, 'ledger');
const LEDGER_TABLES = ['ledger_accounts', 'holds', 'journal_transactions', 'journal_entries'];
/** SQL that changes a table's rows or its shape. */
const WRITE = new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|ALTER\\s+TABLE|CREATE\\s+TABLE|TRUNCATE)\\s+(?:IF\\s+(?:NOT\\s+)?EXISTS\\s+)?(${LEDGER_TABLES.join('|')})\\b`, 'gi');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** Where SQL writes a ledger table: "file: statement". */
function ledgerWrites(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(WRITE)].map((m) => `${path.relative(SRC, file)}: ${m[0].replace(/\s+/g, ' ')}`),
  );
}

describe('the ledger is the only writer of balances, holds and journal entries', () => {
  it('no module outside src/ledger writes ledger_accounts, holds, journal_transactions or journal_entries', () => {
    const outside = sources(SRC).filter((f) => !f.startsWith(LEDGER + path.sep));
    expect(ledgerWrites(outside)).toEqual([]);
  });

  it('the check finds such a write (it reads the SQL inside src/ledger)', () => {
    const inside = sources(LEDGER);
    expect(ledgerWrites(inside).some((w) => w.includes('UPDATE ledger_accounts'))).toBe(true);
    expect(ledgerWrites(inside).some((w) => w.includes('INSERT INTO journal_entries'))).toBe(true);
  });
});
