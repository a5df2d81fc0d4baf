/**
 * The highest position up to which every published event has been acknowledged. Publishes finish
 * out of order; a checkpoint may only cover a gap-free prefix, or a crash would lose the gap.
 */
export class Watermark {
  private readonly pending: number[] = [];
  private readonly acknowledged = new Set<number>();

  constructor(private position: number) {}

  get value(): number {
    return this.position;
  }

  get inFlight(): number {
    return this.pending.length - this.acknowledged.size;
  }

  /** Positions must be tracked in increasing order, as the feed delivers them. */
  track(position: number): void {
    this.pending.push(position);
  }

  /** Marks a position acknowledged; returns true when the watermark moved. */
  acknowledge(position: number): boolean {
    this.acknowledged.add(position);
    const before = this.position;
    while (this.pending.length > 0 && this.acknowledged.has(this.pending[0]!)) {
      const next = this.pending.shift()!;
      this.acknowledged.delete(next);
      this.position = next;
    }
    return this.position !== before;
  }
}
