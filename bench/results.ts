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
