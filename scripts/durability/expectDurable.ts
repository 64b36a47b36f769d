import { expect } from 'vitest';
import type { DurabilityReport } from '../durability.ts';

/** What both durability test files demand of a run, with its numbers in the test output. */
export function expectDurable(report: DurabilityReport) {
  console.log(`durability: ${JSON.stringify({ ...report, problems: report.problems.length })}`);
  expect(report.problems).toEqual([]);
  // Every kill came while requests were in flight, and the run wrote enough to mean something.
  expect(report.killsMidWrite).toBe(report.cycles);
  expect(report.acknowledged).toBeGreaterThan(report.cycles * 5);
}
