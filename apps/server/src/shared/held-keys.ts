/**
 * Keys held by any number of holders: a key stays held until every holder let it go, and each
 * holder's release works once (calling it again is harmless). `onFirst` starts what the key needs
 * while held and returns how to stop it at the last release.
 */
export class HeldKeys {
  private readonly held = new Map<string, { count: number; stop: (() => void) | undefined }>();

  has(key: string): boolean {
    return this.held.has(key);
  }

  hold(key: string, onFirst?: () => () => void): () => void {
    let entry = this.held.get(key);
    if (!entry) {
      entry = { count: 0, stop: onFirst?.() };
      this.held.set(key, entry);
    }
    entry.count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const e = this.held.get(key);
      if (!e || --e.count > 0) return;
      this.held.delete(key);
      e.stop?.();
    };
  }
}
