import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const TITLE = '## Matching engine';

/** Replaces (or appends) only the "Matching engine" section; other sections belong to others. */
export function writeSection(file: string, body: string): void {
  const section = `${TITLE}\n\n${body.trim()}\n`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Benchmarks\n\n${section}`);
    return;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`${TITLE}\n`);
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const rest = text.slice(start + TITLE.length);
  const nextHeading = rest.search(/\n## /);
  const after = nextHeading === -1 ? '' : `\n${rest.slice(nextHeading + 1)}`;
  writeFileSync(file, `${text.slice(0, start)}${section}${after}`);
}
