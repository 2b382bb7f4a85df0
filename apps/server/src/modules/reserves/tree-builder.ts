import { Worker } from 'node:worker_threads';
import type { LeafInput, ProofFile } from '@exchange/contract/reserves';
import type { TreeReply, TreeRequest } from './tree-messages.js';

type Pending = { resolve: (reply: TreeReply) => void; reject: (err: Error) => void };
type Ask = TreeRequest extends infer R ? (R extends TreeRequest ? Omit<R, 'id'> : never) : never;

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
 * The snapshots' Merkle sum trees, built and kept on a worker thread so that the daily snapshot of
 * every user, and the first proof asked after a restart, never stall the server's event loop. The
 * worker starts on the first use, holds the process open only while it has work, and a worker that
 * dies is started afresh on the next call (the trees it held are built again from the stored leaves).
 */
export class TreeBuilder {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private ask(request: Ask): Promise<TreeReply> {
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<TreeReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    }).then((reply) => {
      if (reply.kind !== 'error') return reply;
      const err = new Error(reply.message);
      err.name = reply.name;
      throw err;
    });
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

  /** Builds the snapshot's tree on the worker, which keeps it for proofs; answers its root. */
  async build(snapshotId: string, assets: string[], rows: LeafInput[]): Promise<{ hash: string; sums: string[] }> {
    const reply = await this.ask({ kind: 'build', snapshotId, assets, rows });
    if (reply.kind !== 'built') throw new Error(`the tree worker answered ${reply.kind} to a build`);
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
