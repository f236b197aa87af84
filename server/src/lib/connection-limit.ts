/**
 * Counts long-lived connections (event streams) per client address, so one address cannot hold
 * open as many as it likes. `acquire` answers a release function, or null when at the limit.
 */
export class ConnectionLimit {
  private readonly open = new Map<string, number>();

  constructor(readonly perAddress: number) {}

  acquire(address: string): (() => void) | null {
    const count = this.open.get(address) ?? 0;
    if (count >= this.perAddress) return null;
    this.open.set(address, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }
}
