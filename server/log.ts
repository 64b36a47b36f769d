// What the server writes its log lines to: Fastify's logger, a job's, or a script's.

/** Where a log line goes: Fastify's logger, or anything with the same two methods. */
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
