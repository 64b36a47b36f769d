// Benchmark: 2,000 connected members, notifications sent to random members through their private
// rooms. Prints delivery p50/p99 and the server's memory per idle connection, and writes
// bench/results/realtime.json. Not part of `npm test`. Run with: npx tsx --expose-gc bench/realtime.ts
import { fork } from 'node:child_process';
import path from 'node:path';
import { startTestServer } from '@server/test/harness.ts';
import { BENCH_SECRET, percentile, seedMembers } from './members.ts';
import { runBench, saveResults } from './results.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 4000);
const PER_SECOND = Number(process.env.BENCH_RATE ?? 400);

const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  const server = await startTestServer('sqlite', { authSecret: BENCH_SECRET });
  const clients = fork(path.join(import.meta.dirname, 'realtime-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const members = seedMembers(path.join(server.dataDir, 'splikz.db'), MEMBERS);
    gc();
    const before = process.memoryUsage();
    const connected = new Promise<number>((resolve) =>
      clients.on(
        'message',
        (m: { type: string; connected?: number }) => m.type === 'connected' && resolve(m.connected!),
      ),
    );
    clients.send({ type: 'connect', baseUrl: server.baseUrl, members });
    const count = await connected;
    await new Promise((r) => setTimeout(r, 2000));
    gc();
    const after = process.memoryUsage();
    const perConnectionKB = (after.rss - before.rss) / count / 1024;
    const heapPerConnectionKB = (after.heapUsed - before.heapUsed) / count / 1024;

    const sent: Array<{ userId: string; at: number }> = [];
    for (let i = 0; i < NOTIFICATIONS; i += 1) {
      const { userId } = members[Math.floor(Math.random() * members.length)]!;
      sent.push({ userId, at: performance.timeOrigin + performance.now() });
      server.built.ctx.realtime.emitToUser(userId, 'notifications:changed');
      if (i % Math.max(1, Math.floor(PER_SECOND / 100)) === 0) await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 1500));
    const received = await new Promise<Record<string, number[]>>((resolve) => {
      clients.on('message', (m: { type: string; received?: Record<string, number[]> }) => {
        if (m.type === 'received') resolve(m.received!);
      });
      clients.send({ type: 'close' });
    });
    // Each member's arrivals, in order, match that member's sends, in order.
    const latencies: number[] = [];
    const cursor: Record<string, number> = {};
    for (const { userId, at } of sent) {
      const index = cursor[userId] ?? 0;
      cursor[userId] = index + 1;
      const arrival = received[userId]?.[index];
      if (arrival !== undefined) latencies.push(arrival - at);
    }
    latencies.sort((a, b) => a - b);
    const report = {
      date: new Date().toISOString(),
      connections: count,
      notificationsSent: sent.length,
      delivered: latencies.length,
      p50Ms: Number(percentile(latencies, 50).toFixed(2)),
      p99Ms: Number(percentile(latencies, 99).toFixed(2)),
      rssPerConnectionKB: Number(perConnectionKB.toFixed(1)),
      heapPerConnectionKB: Number(heapPerConnectionKB.toFixed(1)),
      targets: { p99Ms: 100, perConnectionKB: 60 },
    };
    console.log(`${count} connected members, ${sent.length} notifications, ${latencies.length} delivered`);
    console.log(`delivery p50 ${report.p50Ms} ms, p99 ${report.p99Ms} ms (target p99 < 100 ms)`);
    console.log(
      `server memory per idle connection: ${report.rssPerConnectionKB} KB RSS, ${report.heapPerConnectionKB} KB heap (target < 60 KB)`,
    );
    saveResults('realtime', report);
  } finally {
    clients.kill();
    await server.close();
  }
}

runBench(main);
