import { Dec } from './decimal.js';

/**
 * The most any account may hold or owe of an asset, a system account's running total included: a
 * tenth of what a column holds, so a batch adding several legs to one account stays inside it. A
 * leg above it is refused before anything is written (ledger/postings.ts); asset-limits.ts keeps
 * each operation far below it.
 */
export const ACCOUNT_CAPACITY = new Dec('1e17');
