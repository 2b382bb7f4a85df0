import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { ProofFile } from '@exchange/contract/reserves';
import type { Holding } from './leaf-rows.js';
import type { TreeReply, TreeRequest, TreeRoot } from './tree-messages.js';

type Pending = { resolve: (reply: TreeReply) => void; reject: (err: Error) => void };
type Ask = TreeRequest extends infer R ? (R extends TreeRequest ? Omit<R, 'id'> : never) : never;

/** Holdings copied to the worker per message: one copy of this many pauses the event loop a few milliseconds. */
const HOLDINGS_CHUNK = 5000;

/** A snapshot's tree as the worker built it: its root, asset order, user count and leaves to store. */
export interface BuiltTree {
  root: TreeRoot;
  assets: string[];
  users: number;
  /** The leaves as JSON texts of at most LEAF_BATCH rows each, for the store's inserts. */
  leafBatches: string[];
}

/**
 * The worker runs tree-worker.ts through tsx's loader, registered inside the worker: Node 20 gives
 * a worker none of the loader hooks its parent runs under (tsx for `npm start`, Vite's in the tests).
 */
function startWorker(): Worker {
  const loader = import.meta.resolve('tsx/esm/api');
  const body = new URL('./tree-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(body)}); });`;
  return new Worker(code, { eval: true, name: 'proof-of-reserves trees' });
}

/**
 * The snapshots' rows and Merkle sum trees, made and kept on a worker thread so that the daily
 * snapshot of every user, and the first proof asked after a restart, never stall the server's
 * event loop. The worker starts on the first use, holds the process open only while it has work,
 * and a worker that dies is started afresh on the next call (the trees it held are built again
 * from the stored leaves).
 */
export class TreeBuilder {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Sends `request` (after whatever `before` sends under the same id) and waits for its answer. */
  private async ask(request: Ask, before?: (worker: Worker, id: number) => Promise<void>): Promise<TreeReply> {
    const worker = this.running();
    const id = this.nextId++;
    const reply = new Promise<TreeReply>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.ref();
    await before?.(worker, id);
    worker.postMessage({ ...request, id });
    const answer = await reply;
    if (answer.kind !== 'error') return answer;
    const err = new Error(answer.message);
    err.name = answer.name;
    throw err;
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('message', (reply: TreeReply) => {
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      p?.resolve(reply);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the proof-of-reserves tree worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Makes a new snapshot's rows (fresh nonces) and tree from the ledger's holdings; the worker keeps the tree for proofs. */
  async build(snapshotId: string, holdings: readonly Holding[]): Promise<BuiltTree> {
    const reply = await this.ask({ kind: 'build', snapshotId }, async (worker, id) => {
      for (let start = 0; start < holdings.length; start += HOLDINGS_CHUNK) {
        worker.postMessage({ id, kind: 'holdings', holdings: holdings.slice(start, start + HOLDINGS_CHUNK) } satisfies TreeRequest);
        // Whatever else the server has to do runs between two copies.
        await nextTurn();
      }
    });
    if (reply.kind !== 'built') throw new Error(`the tree worker answered ${reply.kind} to a build`);
    return { root: reply.root, assets: reply.assets, users: reply.users, leafBatches: reply.leafBatches };
  }

  /** Builds a stored snapshot's tree again from its leaves (the database's JSON text of them, in tree order). */
  async rebuild(snapshotId: string, assets: string[], leavesJson: string): Promise<TreeRoot> {
    const reply = await this.ask({ kind: 'rebuild', snapshotId, assets, leavesJson });
    if (reply.kind !== 'rebuilt') throw new Error(`the tree worker answered ${reply.kind} to a rebuild`);
    return reply.root;
  }

  /** The user's proof from the worker's tree of the snapshot; `undefined` when it holds no such tree. */
  async proof(snapshotId: string, userId: string, takenAt: string): Promise<ProofFile | null | undefined> {
    const reply = await this.ask({ kind: 'proof', snapshotId, userId, takenAt });
    if (reply.kind === 'no-tree') return undefined;
    if (reply.kind !== 'proof') throw new Error(`the tree worker answered ${reply.kind} to a proof`);
    return reply.proof;
  }

  /** Ends the worker (an app's close): what it was asked is refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
