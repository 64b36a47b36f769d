import { mkdirSync, writeFileSync } from 'node:fs';

// What every benchmark does at its ends: keep its figures, and fail loudly.

/** Writes bench/results/<name>.json (ignored by git: figures belong to the machine that made them). */
export function saveResults(name: string, report: object): void {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
}

/** Runs the benchmark; an error is printed and the process exits with 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * Runs `work` under the V8 profiler of this process (the test server's) when BENCH_PROFILE names a
 * folder, and writes <folder>/<name>.cpuprofile (open it in Chrome's DevTools); otherwise just runs it.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return work();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${folder}/${name.replace(/[^\w-]+/g, '_')}.cpuprofile`, JSON.stringify(profile));
  }
}
