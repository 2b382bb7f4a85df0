import { setFlagsFromString } from 'node:v8';

/*
 * V8's allocation-site pretenuring off, before the server allocates anything (main.ts imports this
 * first). With it on, V8 allocates straight into the old generation from the sites whose objects
 * survived so far, and the order path's sites (a resting order's records, and whatever waits for the
 * ledger's batch) were among them: the old generation filled with garbage twice as fast, a full
 * collection came every 5 to 6 s under 15,000 orders/s and each stalled the server and PostgreSQL
 * for about 200 ms. Off, such objects start young like the rest and the scavenger promotes those
 * that live (docs/benchmarks.md, "Pretenuring off"; issue 42). V8 reads the flag at each decision,
 * so setting it at start is enough; Node documents flags set after start as taking effect or not,
 * and the bench measures that it did.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
