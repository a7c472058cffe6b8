/** A set of measurements in milliseconds, summarised by nearest-rank percentiles. */
export class Samples {
  private readonly values: number[] = [];
  private sorted = true;

  add(value: number): void {
    if (this.values.length && value < this.values[this.values.length - 1]) this.sorted = false;
    this.values.push(value);
  }

  get count(): number {
    return this.values.length;
  }

  /** Nearest-rank percentile (p in 0..100): the smallest sample with at least p% of samples at or below it. */
  percentile(p: number): number {
    if (!this.values.length) return Number.NaN;
    if (!this.sorted) {
      this.values.sort((a, b) => a - b);
      this.sorted = true;
    }
    const rank = Math.max(1, Math.ceil((p / 100) * this.values.length));
    return this.values[Math.min(rank, this.values.length) - 1];
  }

  summary(): Summary {
    const n = this.values.length;
    let sum = 0;
    for (const v of this.values) sum += v;
    return {
      count: n,
      mean: n ? sum / n : Number.NaN,
      min: this.percentile(0),
      p50: this.percentile(50),
      p95: this.percentile(95),
      p99: this.percentile(99),
      max: this.percentile(100),
    };
  }
}

export interface Summary {
  count: number;
  mean: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Counts by key, e.g. HTTP statuses. */
export class Counter<K extends string | number = string> {
  private readonly counts = new Map<K, number>();

  add(key: K, by = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + by);
  }

  get(key: K): number {
    return this.counts.get(key) ?? 0;
  }

  entries(): [K, number][] {
    return [...this.counts.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
  }

  total(): number {
    let sum = 0;
    for (const v of this.counts.values()) sum += v;
    return sum;
  }
}

export const ms = (value: number, digits = 1): string => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : "n/a");

/** "p50 3.1 ms · p95 7.9 ms · p99 12.0 ms · max 20.3 ms (n=2000)" */
export function formatSummary(s: Summary, withMax = true): string {
  if (!s.count) return "no samples";
  const parts = [`p50 ${ms(s.p50)}`, `p95 ${ms(s.p95)}`, `p99 ${ms(s.p99)}`];
  if (withMax) parts.push(`max ${ms(s.max)}`);
  return `${parts.join(" · ")}  (n=${s.count})`;
}
