/** Request counts, latencies and errors by kind ("503 database_unavailable", "network ECONNREFUSED"). */
export class SoakStats {
  private readonly latencies: number[] = [];
  readonly byOperation = new Map<string, number>();
  readonly errors = new Map<string, number>();
  requests = 0;

  record(operation: string, ms: number, error?: string): void {
    this.requests += 1;
    this.latencies.push(ms);
    this.byOperation.set(operation, (this.byOperation.get(operation) ?? 0) + 1);
    if (error) this.errors.set(error, (this.errors.get(error) ?? 0) + 1);
  }

  percentiles(): { p50: number; p95: number; p99: number } {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);
    return { p50: at(50), p95: at(95), p99: at(99) };
  }
}
