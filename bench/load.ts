import { spawn } from 'node:child_process';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Runs autocannon in its own process, so the load generator does not share the server's event loop
 * (on two cores: one for the server, one for the load).
 */
export function measure(
  url: string,
  options: {
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    /** Seconds a request may take (autocannon's default 10): a slow route's queue is measured, not failed. */
    timeoutSeconds?: number;
    /** Requests per second with one decimal (a slow route's 0.5 would round to 0). */
    decimals?: boolean;
  },
): Promise<LoadResult> {
  const args = [
    'autocannon',
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.durationSeconds),
  ];
  if (options.timeoutSeconds) args.push('-t', String(options.timeoutSeconds));
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        const result = JSON.parse(out);
        if (code !== 0) throw new Error(`autocannon exited with ${code}`);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
        }
        const average = result.requests.average as number;
        resolve({
          requestsPerSecond: options.decimals ? Number(average.toFixed(1)) : Math.round(average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface PairedResult {
  requestsPerSecond: number;
  p99Ms: number;
  healthRequestsPerSecond: number;
  healthP99Ms: number;
  /** The median of the pairs' ratios (route ÷ health), and each pair's. */
  ratio: number;
  ratios: number[];
}

/**
 * A route measured in `rounds` short runs, each followed by a run of /api/health, the ratio taken pair
 * by pair: this machine's speed drifts by a quarter within a minute, so only neighbouring figures
 * divide fairly. Medians of each figure.
 */
export async function measureAgainstHealth(
  url: string,
  healthUrl: string,
  options: Parameters<typeof measure>[1] & { rounds: number },
): Promise<PairedResult> {
  const pairs: Array<{ route: LoadResult; health: LoadResult; ratio: number }> = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const route = await measure(url, options);
    const health = await measure(healthUrl, { ...options, headers: {} });
    pairs.push({ route, health, ratio: route.requestsPerSecond / health.requestsPerSecond });
  }
  return {
    requestsPerSecond: median(pairs.map((p) => p.route.requestsPerSecond)),
    p99Ms: median(pairs.map((p) => p.route.p99Ms)),
    healthRequestsPerSecond: median(pairs.map((p) => p.health.requestsPerSecond)),
    healthP99Ms: median(pairs.map((p) => p.health.p99Ms)),
    ratio: Number(median(pairs.map((p) => p.ratio)).toFixed(3)),
    ratios: pairs.map((p) => Number(p.ratio.toFixed(3))),
  };
}
