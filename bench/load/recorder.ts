/** What the load did to one route (method and path template). */
export interface RouteFigures {
  route: string;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** 503 pdf_busy or busy: the PDF renderer's or the photo decoder's queue was full, counted apart from errors. */
  busy: number;
}

const ERROR_SAMPLES = 10;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Every answer's latency by route; an error is any status the step did not expect. */
export class Recorder {
  private readonly routes = new Map<string, { latencies: number[]; errors: number; busy: number }>();
  readonly errorSamples: string[] = [];

  record(route: string, ms: number, outcome: 'ok' | 'busy' | { unexpected: string }) {
    let entry = this.routes.get(route);
    if (!entry) this.routes.set(route, (entry = { latencies: [], errors: 0, busy: 0 }));
    entry.latencies.push(ms);
    if (outcome === 'busy') entry.busy += 1;
    else if (outcome !== 'ok') {
      entry.errors += 1;
      if (this.errorSamples.length < ERROR_SAMPLES) this.errorSamples.push(`${route}: ${outcome.unexpected}`);
    }
  }

  figures(): RouteFigures[] {
    return [...this.routes]
      .map(([route, { latencies, errors, busy }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return { route, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors, busy };
      })
      .sort((a, b) => b.requests - a.requests);
  }

  /** All routes together. */
  total(): RouteFigures {
    const all = [...this.routes.values()];
    const sorted = all.flatMap((entry) => entry.latencies).sort((a, b) => a - b);
    const sum = (pick: (entry: { errors: number; busy: number }) => number) => all.reduce((n, entry) => n + pick(entry), 0);
    return {
      route: 'all',
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: sum((e) => e.errors),
      busy: sum((e) => e.busy),
    };
  }
}
