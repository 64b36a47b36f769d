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
