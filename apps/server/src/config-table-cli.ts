import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withConfigTable } from './config-table.js';
import { repoRoot } from './paths.js';

/** `npm run docs:config`: writes the README's configuration table from the list of variables. */
const readme = path.join(repoRoot, 'README.md');
writeFileSync(readme, withConfigTable(readFileSync(readme, 'utf8')));
