import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Replaces (or appends) only its own section (by default "Matching engine"); other sections belong to others. */
export function writeSection(file: string, body: string, title = '## Matching engine'): void {
  const section = `${title}\n\n${body.trim()}\n`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Benchmarks\n\n${section}`);
    return;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`${title}\n`);
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const rest = text.slice(start + title.length);
  const nextHeading = rest.search(/\n## /);
  const after = nextHeading === -1 ? '' : `\n${rest.slice(nextHeading + 1)}`;
  writeFileSync(file, `${text.slice(0, start)}${section}${after}`);
}
