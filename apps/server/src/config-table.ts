import { configVariables } from './config-variables.js';

/** The README's "Configuration" table sits between these lines; npm run docs:config rewrites it. */
export const CONFIG_TABLE_START = '<!-- generated from apps/server/src/config-variables.ts by npm run docs:config -->';
export const CONFIG_TABLE_END = '<!-- end of the generated table -->';

/** A pipe inside a cell would end it. */
function cell(markdown: string): string {
  return markdown.replace(/\|/g, '\\|');
}

export function configTable(): string {
  const rows = configVariables.map((v) => `| \`${cell(v.name)}\` | ${cell(v.default)} | ${cell(v.meaning)} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its table replaced by the list's; a README without the markers is refused. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md must hold the lines "${CONFIG_TABLE_START}" and "${CONFIG_TABLE_END}"`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n${configTable()}\n${readme.slice(end)}`;
}
