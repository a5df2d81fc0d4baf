/**
 * Items waiting for their turn, served tenant by tenant in rotation and, within a tenant, lowest rank
 * first (ties in arrival order). One tenant's burst so never delays another tenant by more than one
 * item per turn, and a low rank (an older document) goes before higher ones of the same tenant.
 */
export class TenantFairQueue<T> {
  private readonly byTenant = new Map<string, Array<{ rank: number; item: T }>>();
  /** Tenants with waiting items, in the order they get their next turn. */
  private readonly rotation: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Whether any item of `tenant` waits. */
  has(tenant: string): boolean {
    return this.byTenant.has(tenant);
  }

  push(tenant: string, rank: number, item: T): void {
    let waiting = this.byTenant.get(tenant);
    if (!waiting) {
      waiting = [];
      this.byTenant.set(tenant, waiting);
      this.rotation.push(tenant);
    }
    let low = 0;
    let high = waiting.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (waiting[middle]!.rank <= rank) low = middle + 1;
      else high = middle;
    }
    waiting.splice(low, 0, { rank, item });
    this.count += 1;
  }

  /** The next item: the lowest-ranked of the tenant whose turn it is; undefined when none waits. */
  shift(): T | undefined {
    return this.shiftOf(() => true);
  }

  /** The next item of the first tenant in turn that `eligible` accepts; undefined when none of theirs waits. */
  shiftOf(eligible: (tenant: string) => boolean): T | undefined {
    const turn = this.rotation.findIndex(eligible);
    if (turn < 0) return undefined;
    const [tenant] = this.rotation.splice(turn, 1) as [string];
    const waiting = this.byTenant.get(tenant)!;
    const { item } = waiting.shift()!;
    if (waiting.length > 0) this.rotation.push(tenant);
    else this.byTenant.delete(tenant);
    this.count -= 1;
    return item;
  }

  clear(): void {
    this.byTenant.clear();
    this.rotation.length = 0;
    this.count = 0;
  }
}
