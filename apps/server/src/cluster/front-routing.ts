/**
 * Request lines of the calls that only the venues' owner can carry out (order entry): a follower
 * forwards them over NATS, which costs a round trip that the owner's own connections do not pay.
 */
const ORDER_ENTRY = [/^POST \/api\/v1\/orders[ ?]/, /^DELETE \/api\/v1\/orders\//, /^POST \/api\/v1\/futures[ ?]/, /^PUT \/api\/v1\/close-position[ ?]/];

/** Whether a connection's first bytes open with an order-entry call (only its request line is read). */
export function opensWithOrderEntry(head: string): boolean {
  const end = head.indexOf('\r\n');
  const line = end < 0 ? head : head.slice(0, end);
  return ORDER_ENTRY.some((re) => re.test(line));
}

/**
 * Which worker of the launcher takes a new connection. Connections that open with an order call go
 * to the worker that owns the venues, up to `ownerShare` of them at a time: their orders then skip
 * the hop to the owner, which on a busy machine costs an order about one more ledger write cycle
 * (docs/benchmarks.md, "Cluster"). Past that share, and for every other connection, the workers
 * take turns, so that the owner's event loop, which matches and writes every order of the
 * cluster, does not also parse every order call. The launcher tells it who owns the venues (the
 * workers report their role) and when an order connection ends.
 */
export class FrontRouting {
  private owner: number | null = null;
  private readonly orderConnections = new Map<number, number>();
  private turn = 0;

  constructor(private readonly ownerShare: number) {}

  /** A worker's report of its role: it took the venues over, or lost them. */
  role(worker: number, owns: boolean): void {
    if (owns) this.owner = worker;
    else if (this.owner === worker) this.owner = null;
  }

  /** A worker is gone, with every connection it held. */
  gone(worker: number): void {
    this.role(worker, false);
    this.orderConnections.delete(worker);
  }

  /** An order connection handed to `worker` has closed. */
  closed(worker: number): void {
    const n = this.orderConnections.get(worker) ?? 0;
    if (n > 1) this.orderConnections.set(worker, n - 1);
    else this.orderConnections.delete(worker);
  }

  /** The worker (one of `workers`, which must not be empty) that takes a new connection. */
  pick(workers: readonly number[], orderEntry: boolean): number {
    let chosen: number;
    if (orderEntry && this.owner !== null && workers.includes(this.owner) && this.ordersOn(this.owner) < this.ownerShare) {
      chosen = this.owner;
    } else {
      chosen = workers[this.turn % workers.length] as number;
      this.turn = (this.turn + 1) % workers.length;
    }
    if (orderEntry) this.orderConnections.set(chosen, this.ordersOn(chosen) + 1);
    return chosen;
  }

  private ordersOn(worker: number): number {
    return this.orderConnections.get(worker) ?? 0;
  }
}
