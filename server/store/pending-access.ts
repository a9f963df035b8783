/**
 * How long a verify's "last used" time may wait before it is written: verifies that charge
 * nothing write nothing on the spot, and the times gathered meanwhile go in one write.
 */
export const ACCESS_FLUSH_MS = 1000;

/** Last-used times not yet written, the latest per token. */
export class PendingAccess {
  private times = new Map<number, number>();

  note(id: number, time: number): void {
    if ((this.times.get(id) ?? -Infinity) < time) this.times.set(id, time);
  }

  /** Every pending time, and none is pending afterwards. */
  take(): Array<[id: number, time: number]> {
    const taken = [...this.times];
    this.times.clear();
    return taken;
  }
}
