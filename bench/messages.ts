// Benchmark: 1,000 pairs of connected members exchanging direct messages over real HTTP. Prints
// send-to-receive p50/p99 (the POST issued → the receiver's socket has 'message:new') and writes
// bench/results/messages.json. Not part of `npm test`. Run with: npx tsx bench/messages.ts
import { fork } from 'node:child_process';
import path from 'node:path';
import { startTestServer } from '@server/test/harness.ts';
import { BENCH_SECRET, type BenchMember, percentile, round2, seedMembers } from './members.ts';
import type { ClientsCommand, ExchangeResult } from './realtime-clients.ts';
import { runBench, saveResults } from './results.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 6000);
// Spread over 2,000 senders this stays far below the server's 30 messages per 10 s per sender.
const PER_SECOND = Number(process.env.BENCH_RATE ?? 200);

async function main() {
  // No per-member limits are loosened: the benchmark sends as members do.
  const server = await startTestServer('sqlite', { authSecret: BENCH_SECRET });
  const clients = fork(path.join(import.meta.dirname, 'realtime-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  const ask = <T>(command: ClientsCommand, answer: string) =>
    new Promise<T>((resolve) => {
      const listener = (m: { type: string }) => {
        if (m.type !== answer) return;
        clients.off('message', listener);
        resolve(m as T);
      };
      clients.on('message', listener);
      clients.send(command);
    });
  try {
    const members = seedMembers(path.join(server.dataDir, 'splikz.db'), PAIRS * 2);
    // The pairs are not friends: with everyone open to messages, each send lands in the inbox with its
    // notification, as the figures before message requests measured.
    await server.built.ctx.database.db.updateTable('profiles').set({ who_can_message: 'everyone' }).execute();
    const pairs = Array.from({ length: PAIRS }, (_, i) => [members[2 * i], members[2 * i + 1]]) as Array<
      [BenchMember, BenchMember]
    >;
    const { connected } = await ask<{ connected: number }>(
      { type: 'connect', baseUrl: server.baseUrl, members },
      'connected',
    );
    const result = await ask<ExchangeResult>(
      { type: 'exchange', baseUrl: server.baseUrl, pairs, count: MESSAGES, perSecond: PER_SECOND },
      'exchanged',
    );
    await ask({ type: 'close' }, 'received');

    const delivery = [...result.deliveryMs].sort((a, b) => a - b);
    const answers = [...result.answerMs].sort((a, b) => a - b);
    const report = {
      date: new Date().toISOString(),
      connections: connected,
      pairs: PAIRS,
      messagesSent: MESSAGES,
      delivered: delivery.length,
      lost: result.lost,
      failed: result.failed,
      messagesPerSecond: round2(MESSAGES / result.seconds),
      deliveryP50Ms: round2(percentile(delivery, 50)),
      deliveryP99Ms: round2(percentile(delivery, 99)),
      deliveryMaxMs: round2(delivery.at(-1) ?? Number.NaN),
      answerP50Ms: round2(percentile(answers, 50)),
      answerP99Ms: round2(percentile(answers, 99)),
      targets: { deliveryP99Ms: 100 },
    };
    console.log(
      `${connected} connected members in ${PAIRS} pairs; ${MESSAGES} messages at ${report.messagesPerSecond}/s, ` +
        `${delivery.length} delivered, ${result.lost} lost, failed ${JSON.stringify(result.failed)}`,
    );
    console.log(
      `send-to-receive p50 ${report.deliveryP50Ms} ms, p99 ${report.deliveryP99Ms} ms, max ${report.deliveryMaxMs} ms (target p99 < 100 ms)`,
    );
    console.log(`POST answer p50 ${report.answerP50Ms} ms, p99 ${report.answerP99Ms} ms`);
    saveResults('messages', report);
    if (delivery.length < MESSAGES) process.exitCode = 1;
  } finally {
    clients.kill();
    await server.close();
  }
}

runBench(main);
