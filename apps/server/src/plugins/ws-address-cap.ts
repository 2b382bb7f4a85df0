/**
 * Open websocket connections per client address, shared by /ws/public and /ws/private, so one
 * address cannot hold thousands of sockets (and their buffers) open. A cap of 0 means no cap.
 */
export class WsAddressCap {
  private readonly open = new Map<string, number>();

  constructor(private readonly maxPerAddress: number) {}

  /** Counts a new connection from `address`; false (and nothing counted) when it is at the cap. */
  admit(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (this.maxPerAddress > 0 && count >= this.maxPerAddress) return false;
    this.open.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = this.open.get(address) ?? 0;
    if (count <= 1) this.open.delete(address);
    else this.open.set(address, count - 1);
  }
}
