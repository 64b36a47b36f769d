import { spawn } from 'node:child_process';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
}

/**
 * Runs autocannon in its own process, so the load generator does not share the server's event loop
 * (on two cores: one for the server, one for the load).
 */
export function measure(
  url: string,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const args = [
    'autocannon',
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.durationSeconds),
  ];
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
        resolve({ requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 });
      } catch (error) {
        reject(error);
      }
    });
  });
}
