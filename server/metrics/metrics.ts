import type { Mailer } from '@server/mail/mailer.ts';
import type { Realtime } from '@server/realtime/realtime.ts';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The node's Prometheus metrics, served at /metrics (routes/metrics/metrics.ts). One registry per built
 * app, never prom-client's global one: tests and benchmarks start several apps in one process.
 */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  realtimeEvents: Counter<'event'>;
  jobRuns: Counter<'job'>;
  jobFailures: Counter<'job'>;
  uploadBytes: Counter;
  mailSent: Counter;
  /** The open sockets gauge asks this at each scrape. */
  countSocketsWith(count: () => number): void;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  let countSockets = () => 0;
  new Gauge({
    name: 'splikz_open_sockets',
    help: 'Realtime sockets open on this node',
    registers,
    collect() {
      this.set(countSockets());
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'splikz_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'splikz_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    realtimeEvents: new Counter({
      name: 'splikz_realtime_events_sent_total',
      help: 'Realtime events the server emitted to rooms or members, by event',
      labelNames: ['event'],
      registers,
    }),
    jobRuns: new Counter({
      name: 'splikz_job_runs_total',
      help: 'Runs of periodic jobs on this node, by job',
      labelNames: ['job'],
      registers,
    }),
    jobFailures: new Counter({
      name: 'splikz_job_failures_total',
      help: 'Runs of periodic jobs on this node that failed or were interrupted, by job',
      labelNames: ['job'],
      registers,
    }),
    uploadBytes: new Counter({
      name: 'splikz_upload_bytes_total',
      help: 'Bytes of photos and videos members uploaded to this node',
      registers,
    }),
    mailSent: new Counter({
      name: 'splikz_mail_sent_total',
      help: 'Emails sent (or written to the dev outbox) by this node',
      registers,
    }),
    countSocketsWith: (count) => {
      countSockets = count;
    },
  };
}

/** The realtime layer, counting each event the server emits. */
export function countingRealtime(realtime: Realtime, metrics: AppMetrics): Realtime {
  const counted = (event: string) => metrics.realtimeEvents.inc({ event });
  return {
    emit: (room, event, ...args) => {
      counted(event);
      realtime.emit(room, event, ...args);
    },
    emitExcept: (room, except, event, ...args) => {
      counted(event);
      realtime.emitExcept(room, except, event, ...args);
    },
    emitToUser: (userIds, event, ...args) => {
      counted(event);
      realtime.emitToUser(userIds, event, ...args);
    },
    disconnectUser: (userId) => realtime.disconnectUser(userId),
    leaveRoom: (userIds, room) => realtime.leaveRoom(userIds, room),
  };
}

/** The mailer, counting each message it sent. */
export function countingMailer(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    send: async (message) => {
      await mailer.send(message);
      metrics.mailSent.inc();
    },
  };
}
